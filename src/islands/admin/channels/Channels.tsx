import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { consoleCall, type ReplyOf } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import { CHANNEL_KINDS } from '../../../shared/channels';
import type { ChannelView } from '../../../shared/contract/channels';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/languages';
import { card } from '../ui/format';
import { ChannelForm } from './ChannelForm';
import { ChannelKeys } from './ChannelKeys';

const small = buttonClass('secondary', 'px-3 py-1.5 text-xs');

/** What the card shows of a test: the route's verdict, or the refusal in its place. */
type TestResult = Pick<ReplyOf<'POST', '/admin/channels/{id}/test'>, 'ok' | 'message'>;

/** One channel: its settings, models, keys, the test button and its plain-words answer. */
function ChannelCard({
  channel,
  lang,
  onEdit,
  onChanged,
}: {
  channel: ChannelView;
  lang: Language;
  onEdit: () => void;
  onChanged: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [test, setTest] = useState<TestResult | null>(null);
  const [testing, setTesting] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function runTest() {
    setTesting(true);
    setTest(null);
    const res = await consoleCall('POST', `/admin/channels/${channel.id}/test`);
    setTesting(false);
    setTest(res.ok ? res.data : { ok: false, message: res.result || t('admin:error') });
  }

  async function remove() {
    if (!confirming) return setConfirming(true);
    const res = await consoleCall('POST', `/admin/channels/${channel.id}/delete`, { requestId: crypto.randomUUID() });
    onChanged(res.ok ? t('deleted') : res.result || t('admin:error'));
  }

  return (
    <li className={`${card} space-y-3`} data-channel-id={channel.id}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <h3 className="font-semibold">{channel.name}</h3>
        <span className="text-xs text-slate-600 dark:text-slate-300">{t(`flavour.${channel.flavour}`)}</span>
        <span className="font-mono text-xs text-slate-600 dark:text-slate-300">{channel.baseUrl}</span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs ${channel.enabled ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100' : 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'}`}
        >
          {t(channel.enabled ? 'enabled' : 'disabled')}
        </span>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {t('routing', { priority: channel.priority, weight: channel.weight })}
      </p>
      <p className="text-sm">
        {channel.models.length === 0
          ? t('model.none')
          : channel.models.map((m) => `${m.name[lang] || m.name['zh-CN'] || m.id} (${m.id})`).join(' · ')}
      </p>
      <ChannelKeys channel={channel} lang={lang} onChanged={onChanged} />
      <fieldset className="flex flex-wrap gap-2" aria-label={t('actionsFor', { name: channel.name })}>
        <button type="button" className={small} onClick={onEdit}>
          {t('edit')}
        </button>
        <button type="button" className={small} disabled={testing} onClick={() => void runTest()}>
          {t(testing ? 'testing' : 'test')}
        </button>
        <button type="button" className={small} onClick={() => void remove()}>
          {t(confirming ? 'deleteConfirm' : 'delete')}
        </button>
      </fieldset>
      <p
        role="status"
        aria-live="polite"
        data-testid="test-result"
        className={`min-h-5 text-sm ${test && !test.ok ? 'text-red-700 dark:text-red-300' : 'text-emerald-800 dark:text-emerald-200'}`}
      >
        {test?.message}
      </p>
    </li>
  );
}

/** The console's model channels by kind (docs/channels.md): admins add, edit, test and remove them. */
function ChannelsView({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<ChannelView[] | null>(null);
  const [editing, setEditing] = useState<ChannelView | 'new' | null>(null);
  const [message, setMessage] = useState('');

  const load = useCallback(
    () =>
      consoleCall('GET', '/admin/channels').then((res) =>
        res.ok ? setRows(res.data) : setMessage(res.result || t('admin:error')),
      ),
    [t],
  );
  useEffect(() => void load(), [load]);

  const changed = (m: string) => {
    setMessage(m);
    void load();
  };

  if (!rows) return <p role={message ? 'alert' : 'status'}>{message || t('admin:loading')}</p>;
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700 dark:text-slate-200">{t('intro')}</p>
      <button type="button" className={buttonClass('primary')} onClick={() => setEditing('new')}>
        {t('new')}
      </button>
      <p role="status" aria-live="polite" className="min-h-5 text-sm">
        {message}
      </p>
      {CHANNEL_KINDS.map((kind) => {
        const list = rows.filter((c) => c.kind === kind);
        return (
          <section key={kind} aria-labelledby={`kind-${kind}`} className="space-y-3">
            <h2 id={`kind-${kind}`} className="text-lg font-semibold">
              {t(`kind.${kind}`)}
            </h2>
            {list.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">{t(`emptyKind.${kind}`)}</p>
            ) : (
              <ul className="space-y-3">
                {list.map((c) => (
                  <ChannelCard key={c.id} channel={c} lang={lang} onEdit={() => setEditing(c)} onChanged={changed} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
      {editing && (
        <ChannelForm
          channel={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            changed(t('saved'));
          }}
        />
      )}
    </div>
  );
}

export function Channels(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="channels">
      <ChannelsView lang={isLanguage(props.lang) ? props.lang : DEFAULT_LANGUAGE} />
    </IslandRoot>
  );
}
