import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChatIconName, Icon } from '../../components/conversation/icons';
import type { ChatModelInfo } from '../../shared/contract/chat';
import { $chatStorage } from '../../stores/chat-storage';
import { $chatModel, $models } from './chat-state';
import { chooseModel, conversationModel } from './conversation-model';

type Capability = { key: string; text: string; short?: string; icon?: ChatIconName };

/** What a model can do: sees images, reasons, context size — in words, and short for narrow screens. */
function capabilities(m: ChatModelInfo, t: TFunction): Capability[] {
  const out: Capability[] = [];
  if (m.vision) out.push({ key: 'vision', text: t('composer.modelVision'), icon: 'eye' });
  if (m.reasoning) out.push({ key: 'reasoning', text: t('composer.modelReasoning'), icon: 'bulb' });
  if (m.contextTokens > 0) {
    const k = Math.round(m.contextTokens / 1000);
    out.push({ key: 'context', text: t('composer.modelContext', { k }), short: `${k}K` });
  }
  return out;
}

/**
 * The composer's model choice for the active conversation: the models the caller's level may use
 * (GET /api/chat/models), each by its name in the page's language. The chosen one's capabilities
 * show beside it — in words on wide screens, as marks on narrow ones — and its description is read
 * with the select.
 */
export function ModelPicker({ className, uuid }: { className: string; uuid: number | null }) {
  const { t } = useTranslation();
  const offer = useStore($models);
  const storage = useStore($chatStorage);
  useStore($chatModel);
  const infoId = useId();
  if (!offer || offer.models.length === 0) return null;
  const current = conversationModel(uuid, storage) ?? (offer.defaultModel || offer.models[0] || '');
  const details = new Map((offer.details ?? []).map((d) => [d.id, d]));
  const chosen = details.get(current);
  const caps = chosen ? capabilities(chosen, t) : [];
  const about = chosen ? [chosen.description, ...caps.map((c) => c.text)].filter(Boolean).join(' · ') : '';
  return (
    <label className={className} title={about || undefined} data-model-picker>
      <span className="sr-only">{t('composer.model')}</span>
      <select
        className="max-w-40 bg-transparent text-sm outline-none"
        value={current}
        aria-describedby={about ? infoId : undefined}
        onChange={(e) => chooseModel(uuid, e.target.value)}
      >
        {offer.models.map((id) => (
          <option key={id} value={id}>
            {details.get(id)?.name || id}
          </option>
        ))}
      </select>
      <span id={infoId} className="sr-only">
        {about}
      </span>
      {caps.length > 0 && (
        <span className="flex items-center gap-1" aria-hidden="true" data-model-capabilities>
          {caps.map((c) => (
            <span
              key={c.key}
              className="inline-flex items-center gap-0.5 rounded-full bg-slate-100 px-1.5 py-0.5 text-[11px] leading-4 text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              {c.icon && <Icon name={c.icon} className="size-3" />}
              {c.short && <span className="md:hidden">{c.short}</span>}
              <span className="hidden md:inline">{c.text}</span>
            </span>
          ))}
        </span>
      )}
    </label>
  );
}
