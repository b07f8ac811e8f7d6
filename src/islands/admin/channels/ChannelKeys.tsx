import type { TFunction } from 'i18next';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Form } from '../../../components/Form';
import { type ConsoleReply, consoleCall } from '../../../lib/api';
import type { ChannelView } from '../../../shared/contract/channels';
import { FormError } from '../ui/FormActions';
import { field } from '../ui/format';
import { TotpField } from '../ui/TotpField';

const small = buttonClass('secondary', 'px-3 py-1.5 text-xs');
type Key = ChannelView['keys'][number];

/** A key's health in words: disabled, cooling down until a time, failing with its last error, or fine. */
function status(k: Key, t: TFunction, lang: string): string {
  if (!k.enabled) return t('key.disabled');
  if (k.cooldownUntil && Date.parse(k.cooldownUntil) > Date.now())
    return t('key.cooling', { until: new Date(k.cooldownUntil).toLocaleString(lang) });
  if (k.failures > 0) return t('key.failing', { n: k.failures, error: k.lastError ?? '' });
  return t('key.ok');
}

/**
 * A channel's keys by their last four characters, with health, enable/disable and delete, and
 * a form to add one (password field, a fresh TOTP code; both cleared once saved).
 */
export function ChannelKeys({
  channel,
  lang,
  onChanged,
}: {
  channel: ChannelView;
  lang: string;
  onChanged: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = useId();

  async function act(send: (requestId: string) => Promise<ConsoleReply<unknown>>, done: string) {
    setBusy(true);
    const res = await send(crypto.randomUUID());
    setBusy(false);
    onChanged(res.ok ? done : res.result || t('admin:error'));
  }

  async function add(e: FormEvent) {
    e.preventDefault();
    setError('');
    setBusy(true);
    const res = await consoleCall('POST', `/admin/channels/${channel.id}/keys`, {
      secret,
      code: code.trim(),
      requestId: crypto.randomUUID(),
    });
    setBusy(false);
    if (!res.ok) return setError(res.result || t('admin:error'));
    setSecret('');
    setCode('');
    onChanged(t('key.added'));
  }

  return (
    <div className="space-y-2">
      <h4 className="text-sm font-semibold">{t('keys')}</h4>
      {channel.keys.length === 0 && <p className="text-sm">{t('key.none')}</p>}
      <ul className="space-y-1">
        {channel.keys.map((k) => (
          <li key={k.id} className="flex flex-wrap items-center gap-2 text-sm" data-key-id={k.id}>
            <span className="font-mono">{t('key.masked', { last4: k.last4 })}</span>
            <span className="text-slate-700 dark:text-slate-200">{status(k, t, lang)}</span>
            <button
              type="button"
              className={small}
              disabled={busy}
              aria-label={t(k.enabled ? 'key.disableFor' : 'key.enableFor', { last4: k.last4 })}
              onClick={() =>
                void act(
                  (requestId) =>
                    consoleCall('POST', `/admin/channels/${channel.id}/keys/${k.id}/enabled`, {
                      enabled: !k.enabled,
                      requestId,
                    }),
                  t(k.enabled ? 'key.disabledDone' : 'key.enabledDone'),
                )
              }
            >
              {t(k.enabled ? 'key.disable' : 'key.enable')}
            </button>
            <button
              type="button"
              className={small}
              disabled={busy}
              aria-label={t('key.deleteFor', { last4: k.last4 })}
              onClick={() =>
                void act(
                  (requestId) =>
                    consoleCall('POST', `/admin/channels/${channel.id}/keys/${k.id}/delete`, { requestId }),
                  t('key.deleted'),
                )
              }
            >
              {t('key.delete')}
            </button>
          </li>
        ))}
      </ul>
      <Form onSubmit={(e) => void add(e)} className="flex flex-wrap items-end gap-2" noValidate>
        <label className="block text-sm" htmlFor={`${ids}-secret`}>
          {t('key.new')}
          <input
            id={`${ids}-secret`}
            className={`${field} mt-1 w-64 font-mono`}
            type="password"
            autoComplete="off"
            value={secret}
            maxLength={512}
            onChange={(e) => setSecret(e.target.value)}
          />
        </label>
        <TotpField id={`${ids}-code`} label={t('key.code')} inputClass="w-32" value={code} onChange={setCode} />
        <button type="submit" className={buttonClass('primary')} disabled={busy || !secret}>
          {t('key.add')}
        </button>
      </Form>
      <FormError text={error} />
    </div>
  );
}
