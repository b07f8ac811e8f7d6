import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Form } from '../../components/Form';
import { consoleCall, fieldErrors } from '../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import type { SettingView } from '../../shared/contract/site-settings';
import { SETTING_GROUPS, type SettingKey, SITE_SETTINGS } from '../../shared/site-settings';
import { type Draft, SettingField } from './SettingField';
import { card } from './ui/format';
import { TotpField } from './ui/TotpField';

type Drafts = Partial<Record<SettingKey, Draft>>;

/** A number field's text goes as a number when it is one; anything else goes as typed, for the server to refuse. */
function wire(key: SettingKey, value: Draft): Draft {
  if (value === null || SITE_SETTINGS[key].kind !== 'int' || typeof value !== 'string') return value;
  return /^-?\d+$/.test(value.trim()) ? Number(value) : value;
}

/**
 * The site settings page (docs/console.md): every setting with its effective
 * value and source; changes and resets collect in a draft, saved together
 * with a fresh TOTP code. One request id per draft, so a double click saves once.
 */
function SettingsView() {
  const { t } = useTranslation();
  const [views, setViews] = useState<SettingView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [requestId, setRequestId] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const load = useCallback(
    () =>
      void consoleCall('GET', '/admin/settings').then((r) => {
        setFailed(!r.ok);
        if (r.ok) setViews(r.data);
      }),
    [],
  );
  useEffect(load, [load]);

  function change(key: SettingKey, value: Draft | undefined) {
    setMessage('');
    setErrors((e) => ({ ...e, [key]: '' }));
    setDrafts((d) => {
      const next = { ...d };
      if (value === undefined) delete next[key];
      else next[key] = value;
      return next;
    });
    if (!requestId) setRequestId(crypto.randomUUID());
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const values = Object.fromEntries(Object.entries(drafts).map(([k, v]) => [k, wire(k as SettingKey, v)]));
    const res = await consoleCall('POST', '/admin/settings', { values, requestId, code });
    setBusy(false);
    setCode('');
    if (!res.ok) {
      const fields = fieldErrors(res.data);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^values\./, ''), v])));
      return setMessage(res.result || t('admin:error'));
    }
    setViews(res.data.settings);
    setDrafts({});
    setErrors({});
    setRequestId('');
    setMessage(t(res.data.applied ? 'admin:settings.saved' : 'admin:settings.repeated'));
  }

  if (!views) return <p role="status">{t(failed ? 'admin:error' : 'admin:loading')}</p>;
  const byKey = new Map(views.map((v) => [v.key, v]));
  const pending = Object.keys(drafts).length;
  return (
    <Form onSubmit={(e) => void save(e)} className="space-y-4 pb-40 sm:pb-32">
      {(Object.keys(SETTING_GROUPS) as (keyof typeof SETTING_GROUPS)[]).map((group) => (
        <section key={group} className={card} aria-labelledby={`group-${group}`}>
          <h2 id={`group-${group}`} className="mb-1 font-semibold">
            {t(`admin:settings.group.${group}`)}
          </h2>
          {SETTING_GROUPS[group].map((key) => {
            const view = byKey.get(key);
            return (
              view && (
                <SettingField
                  key={key}
                  view={view}
                  draft={drafts[key]}
                  error={errors[key]}
                  onChange={(v) => change(key, v)}
                />
              )
            );
          })}
        </section>
      ))}
      <div className="fixed inset-x-0 bottom-0 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
        <div className="mx-auto flex max-w-6xl flex-wrap items-end gap-3">
          <p className="text-sm" aria-live="polite">
            {t('admin:settings.pending', { count: pending })}
          </p>
          <TotpField label={t('admin:settings.code')} inputClass="w-36" value={code} onChange={setCode} />
          <button type="submit" disabled={busy || pending === 0} className={buttonClass('primary')}>
            {t('admin:settings.save')}
          </button>
          {message && (
            <p role="status" className="w-full text-sm">
              {message}
            </p>
          )}
        </div>
      </div>
    </Form>
  );
}

export function Settings(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <SettingsView />
    </IslandRoot>
  );
}
