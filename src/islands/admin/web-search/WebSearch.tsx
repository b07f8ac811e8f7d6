import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Form } from '../../../components/Form';
import { consoleCall } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import type { WebSearchConsole } from '../../../shared/contract/web-search-console';
import { WEB_SEARCH_CHOICES, WEB_SEARCH_NEEDS } from '../../../shared/web-search';
import { card, field } from '../ui/format';
import { WebSearchUsage } from './WebSearchUsage';

type Choice = (typeof WEB_SEARCH_CHOICES)[number];
const small = buttonClass('secondary', 'px-3 py-1.5 text-xs');

/** The provider form: service, address, key (password field, never shown back), code, cost. */
function SettingForm({ view, onSaved }: { view: WebSearchConsole; onSaved: (message: string) => void }) {
  const { t } = useTranslation();
  const ids = useId();
  const s = view.setting;
  const [provider, setProvider] = useState<Choice>(s.provider);
  const [baseUrl, setBaseUrl] = useState(s.baseUrl);
  const [secret, setSecret] = useState('');
  const [code, setCode] = useState('');
  const [cost, setCost] = useState(String(s.costMicros));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const needs = provider === 'off' ? { key: false, baseUrl: false } : WEB_SEARCH_NEEDS[provider];

  async function save(e: FormEvent) {
    e.preventDefault();
    setError('');
    setBusy(true);
    const res = await consoleCall('POST', '/admin/web-search', {
      provider,
      baseUrl: baseUrl.trim(),
      secret: secret.trim() || undefined,
      code: code.trim() || undefined,
      costMicros: Number(cost),
      requestId: crypto.randomUUID(),
    });
    setBusy(false);
    if (!res.ok) return setError(res.result || t('admin:error'));
    setSecret('');
    setCode('');
    onSaved(t('saved'));
  }

  return (
    <Form onSubmit={save} className={`${card} space-y-3`} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        {t('provider.heading')}
      </h2>
      {/* Labelled by id: a label around a select would take the options' words into its name. */}
      <div className="space-y-1 text-sm">
        <label htmlFor={`${ids}-provider`} className="block">
          {t('provider.label')}
        </label>
        <select
          id={`${ids}-provider`}
          className={field}
          value={provider}
          onChange={(e) => setProvider(e.target.value as Choice)}
        >
          {WEB_SEARCH_CHOICES.filter((c) => c !== 'sandbox' || view.sandboxAllowed || s.provider === 'sandbox').map(
            (c) => (
              <option key={c} value={c}>
                {t(`provider.${c}`)}
              </option>
            ),
          )}
        </select>
      </div>
      {provider === 'sandbox' && <p className="text-sm text-amber-800 dark:text-amber-200">{t('sandboxWarning')}</p>}
      {provider !== 'off' && provider !== 'sandbox' && (
        <>
          <label className="block space-y-1 text-sm">
            <span>{t('baseUrl.label')}</span>
            <input
              className={field}
              type="url"
              value={baseUrl}
              required={needs.baseUrl}
              onChange={(e) => setBaseUrl(e.target.value)}
              aria-describedby={`${ids}-url-hint`}
            />
            <span id={`${ids}-url-hint`} className="block text-xs text-slate-600 dark:text-slate-300">
              {t('baseUrl.hint')}
            </span>
          </label>
          <label className="block space-y-1 text-sm">
            <span>{t('key.label')}</span>
            <input
              className={field}
              type="password"
              autoComplete="off"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              aria-describedby={`${ids}-key-hint`}
            />
            <span id={`${ids}-key-hint`} className="block text-xs text-slate-600 dark:text-slate-300">
              {s.hasKey && s.provider === provider ? t('key.stored', { last4: s.last4 }) : t('key.none')}
            </span>
          </label>
          {secret.trim() !== '' && (
            <label className="block space-y-1 text-sm">
              <span>{t('code.label')}</span>
              <input
                className={field}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </label>
          )}
          <label className="block space-y-1 text-sm">
            <span>{t('cost.label')}</span>
            <input
              className={field}
              type="number"
              min={0}
              step={1}
              value={cost}
              onChange={(e) => setCost(e.target.value)}
            />
          </label>
        </>
      )}
      <p role="alert" className="min-h-5 text-sm text-red-700 dark:text-red-300">
        {error}
      </p>
      <button type="submit" className={buttonClass('primary')} disabled={busy}>
        {t(busy ? 'saving' : 'save')}
      </button>
    </Form>
  );
}

/** The console's web search page (docs/web-search.md#console). */
function WebSearchView() {
  const { t } = useTranslation();
  const [view, setView] = useState<WebSearchConsole | null>(null);
  const [message, setMessage] = useState('');
  const [probe, setProbe] = useState<{ ok: boolean; message: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const [version, setVersion] = useState(0);

  const load = useCallback(
    () =>
      consoleCall('GET', '/admin/web-search').then((res) =>
        res.ok ? setView(res.data) : setMessage(res.result || t('admin:error')),
      ),
    [t],
  );
  useEffect(() => void load(), [load]);

  // The form starts again from the saved setting once it is read back.
  const changed = (m: string) => {
    setMessage(m);
    setProbe(null);
    void load().then(() => setVersion((v) => v + 1));
  };

  async function test() {
    setTesting(true);
    setProbe(null);
    const res = await consoleCall('POST', '/admin/web-search/test');
    setTesting(false);
    setProbe(res.ok ? res.data : { ok: false, message: res.result || t('admin:error') });
    void load();
  }

  async function reset() {
    const res = await consoleCall('POST', '/admin/web-search/reset', { requestId: crypto.randomUUID() });
    changed(res.ok ? t('resetDone') : res.result || t('admin:error'));
  }

  if (!view) return <p role={message ? 'alert' : 'status'}>{message || t('admin:loading')}</p>;
  const s = view.setting;
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700 dark:text-slate-200">{t('intro')}</p>
      <div className={`${card} space-y-2`} data-testid="web-search-state">
        <p className="font-medium">
          {s.provider === 'off'
            ? t('off')
            : view.active
              ? t('active', { provider: t(`provider.${s.provider}`) })
              : t('inactive')}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-300">{t(`source.${s.source}`)}</p>
        <div className="flex flex-wrap gap-2">
          {view.active && (
            <button type="button" className={small} disabled={testing} onClick={() => void test()}>
              {t(testing ? 'testing' : 'test')}
            </button>
          )}
          {s.source === 'console' && (
            <button type="button" className={small} onClick={() => void reset()}>
              {t('reset')}
            </button>
          )}
        </div>
        <p
          role="status"
          aria-live="polite"
          data-testid="probe-result"
          className={`min-h-5 text-sm ${probe && !probe.ok ? 'text-red-700 dark:text-red-300' : 'text-emerald-800 dark:text-emerald-200'}`}
        >
          {probe?.message}
        </p>
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm">
        {message}
      </p>
      <SettingForm key={version} view={view} onSaved={changed} />
      <WebSearchUsage view={view} />
    </div>
  );
}

export function WebSearch(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="websearch">
      <WebSearchView />
    </IslandRoot>
  );
}
