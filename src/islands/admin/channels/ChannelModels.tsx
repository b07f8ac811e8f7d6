import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { MEMBER_LEVELS } from '../../../shared/channels';
import type { ChannelKind, ChannelModel } from '../../../shared/contract/channels';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { microsToYuan, yuanToMicros } from '../../../shared/micro-yuan';
import { field } from '../ui/format';

type Texts = Record<Language, string>;
const PRICES = ['inputPer1k', 'outputPer1k', 'perImage', 'perSong', 'perVideo'] as const;
type PriceKey = (typeof PRICES)[number];
/** Which prices a kind's models carry (the others stay 0). */
const PRICES_OF: Record<ChannelKind, PriceKey[]> = {
  chat: ['inputPer1k', 'outputPer1k'],
  image: ['perImage'],
  music: ['perSong'],
  video: ['perVideo'],
  // Voice is metered by bytes and characters, not priced (docs/ledger.md).
  speech: [],
};

/** A speech channel's models by place: the first transcribes, the second reads aloud, others are unused. */
function legendOf(kind: ChannelKind, i: number): string {
  if (kind !== 'speech') return 'model.legend';
  return ['model.legendTranscribe', 'model.legendRead'][i] ?? 'model.legendUnused';
}

/** A model as the form edits it: prices as typed yuan text, the context size as text. */
export type ModelDraft = Omit<ChannelModel, 'contextTokens' | 'price'> & {
  contextTokens: string;
  prices: Record<PriceKey, string>;
};

const empty = (): Texts => ({ 'zh-CN': '', 'en-US': '', 'zh-TW': '' });

export function newModel(): ModelDraft {
  return {
    id: '',
    name: empty(),
    description: empty(),
    levels: [...MEMBER_LEVELS],
    vision: false,
    reasoning: false,
    contextTokens: '0',
    prices: { inputPer1k: '0', outputPer1k: '0', perImage: '0', perSong: '0', perVideo: '0' },
  };
}

export function toDraft(m: ChannelModel): ModelDraft {
  return {
    ...m,
    contextTokens: String(m.contextTokens),
    prices: {
      inputPer1k: microsToYuan(m.price.inputPer1k),
      outputPer1k: microsToYuan(m.price.outputPer1k),
      perImage: microsToYuan(m.price.perImage),
      perSong: microsToYuan(m.price.perSong),
      perVideo: microsToYuan(m.price.perVideo ?? 0),
    },
  };
}

/** The model as the API takes it, or the key of the first price that is not a yuan amount. */
export function fromDraft(d: ModelDraft): ChannelModel | { badPrice: PriceKey } {
  const price = {} as Record<PriceKey, number>;
  for (const k of PRICES) {
    const micros = yuanToMicros(d.prices[k]);
    if (micros === null) return { badPrice: k };
    price[k] = micros;
  }
  const tokens = d.contextTokens.trim() === '' ? 0 : Number(d.contextTokens);
  return { ...d, contextTokens: tokens, price };
}

/** The models of a channel: id, texts in three languages, levels, capabilities and prices in yuan. */
export function ChannelModels({
  kind,
  models,
  onChange,
}: {
  kind: ChannelKind;
  models: ModelDraft[];
  onChange: (m: ModelDraft[]) => void;
}) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<ModelDraft>) =>
    onChange(models.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  return (
    <div className="space-y-3">
      {models.map((m, i) => {
        const fid = (name: string) => `model-${i}-${name}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: drafts have no id until typed; order is the identity
          <fieldset key={i} className="space-y-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
            <legend className="px-1 text-sm font-medium">{t(legendOf(kind, i), { n: i + 1, id: m.id })}</legend>
            <label className="block text-sm" htmlFor={fid('id')}>
              {t('model.id')}
              <input
                id={fid('id')}
                className={`${field} mt-1 font-mono`}
                value={m.id}
                maxLength={100}
                required
                onChange={(e) => set(i, { id: e.target.value })}
              />
            </label>
            {LANGUAGES.map((lang) => (
              <div key={lang} className="grid gap-2 sm:grid-cols-2">
                <label className="block text-sm" htmlFor={fid(`name-${lang}`)}>
                  {t('model.name', { lang: t(`lang.${lang}`) })}
                  <input
                    id={fid(`name-${lang}`)}
                    className={`${field} mt-1`}
                    value={m.name[lang]}
                    maxLength={200}
                    onChange={(e) => set(i, { name: { ...m.name, [lang]: e.target.value } })}
                  />
                </label>
                <label className="block text-sm" htmlFor={fid(`description-${lang}`)}>
                  {t('model.description', { lang: t(`lang.${lang}`) })}
                  <input
                    id={fid(`description-${lang}`)}
                    className={`${field} mt-1`}
                    value={m.description[lang]}
                    maxLength={200}
                    onChange={(e) => set(i, { description: { ...m.description, [lang]: e.target.value } })}
                  />
                </label>
              </div>
            ))}
            {/* Voice is open to every level (docs/channels.md#speech). */}
            {kind !== 'speech' && (
              <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                <legend className="mb-1 text-sm">{t('model.levels')}</legend>
                {MEMBER_LEVELS.map((level) => (
                  <label key={level} className="inline-flex items-center gap-1.5">
                    <input
                      type="checkbox"
                      checked={m.levels.includes(level)}
                      onChange={(e) =>
                        set(i, {
                          levels: e.target.checked
                            ? MEMBER_LEVELS.filter((l) => l === level || m.levels.includes(l))
                            : m.levels.filter((l) => l !== level),
                        })
                      }
                    />
                    {t(`level.${level}`)}
                  </label>
                ))}
              </fieldset>
            )}
            <div className="flex flex-wrap items-end gap-4 text-sm">
              {kind === 'chat' && (
                <>
                  <label className="inline-flex items-center gap-1.5">
                    <input type="checkbox" checked={m.vision} onChange={(e) => set(i, { vision: e.target.checked })} />
                    {t('model.vision')}
                  </label>
                  <label className="inline-flex items-center gap-1.5">
                    <input
                      type="checkbox"
                      checked={m.reasoning}
                      onChange={(e) => set(i, { reasoning: e.target.checked })}
                    />
                    {t('model.reasoning')}
                  </label>
                  <label className="block">
                    {t('model.contextTokens')}
                    <input
                      className={`${field} mt-1 w-32`}
                      inputMode="numeric"
                      value={m.contextTokens}
                      onChange={(e) => set(i, { contextTokens: e.target.value })}
                    />
                  </label>
                </>
              )}
              {kind === 'speech' &&
                i === 1 &&
                (['zh', 'en'] as const).map((lang) => (
                  <label key={lang} className="block">
                    {t(`model.voice.${lang}`)}
                    <input
                      className={`${field} mt-1 w-48`}
                      value={m.voices?.[lang] ?? ''}
                      maxLength={100}
                      onChange={(e) => set(i, { voices: { zh: '', en: '', ...m.voices, [lang]: e.target.value } })}
                    />
                  </label>
                ))}
              {PRICES_OF[kind].map((k) => (
                <label key={k} className="block">
                  {t(`model.price.${k}`)}
                  <input
                    className={`${field} mt-1 w-32`}
                    inputMode="decimal"
                    value={m.prices[k]}
                    onChange={(e) => set(i, { prices: { ...m.prices, [k]: e.target.value } })}
                  />
                </label>
              ))}
            </div>
            <button
              type="button"
              className={buttonClass('ghost', 'px-3 py-1.5 text-xs')}
              onClick={() => onChange(models.filter((_, j) => j !== i))}
            >
              {t('model.remove', { n: i + 1 })}
            </button>
          </fieldset>
        );
      })}
      <button type="button" className={buttonClass('secondary')} onClick={() => onChange([...models, newModel()])}>
        {t('model.add')}
      </button>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {t(kind === 'speech' ? 'model.speechHint' : 'model.priceHint')}
      </p>
    </div>
  );
}
