import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Form } from '../../../components/Form';
import { consoleCall } from '../../../lib/api';
import type { McpServerView } from '../../../shared/contract/tools-console';
import { field } from '../ui/format';
import { TotpField } from '../ui/TotpField';

/** A new token for a server, with a fresh two-factor code, as a channel's key asks. */
export function ChangeToken({ server, onChanged }: { server: McpServerView; onChanged: (message: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [token, setToken] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    const res = await consoleCall('POST', `/admin/tools/mcp/${server.id}` as '/admin/tools/mcp/{id}', {
      name: server.name,
      url: server.url,
      enabled: server.enabled,
      token,
      code,
      requestId: crypto.randomUUID(),
    });
    setCode('');
    if (!res.ok) return setError(res.result || t('error'));
    setError('');
    setToken('');
    setOpen(false);
    onChanged(t('tools.tokenSaved'));
  }
  if (!open)
    return (
      <button type="button" className={buttonClass('secondary', 'px-3 py-1.5 text-xs')} onClick={() => setOpen(true)}>
        {t('tools.changeToken')}
      </button>
    );
  return (
    <Form className="grid w-full gap-2 sm:grid-cols-3" onSubmit={submit} aria-labelledby={id}>
      <p id={id} className="text-sm font-medium sm:col-span-3">
        {t('tools.changeTokenOf', { name: server.name })}
      </p>
      <label className="text-sm">
        {t('tools.newToken')}
        <input
          className={field}
          type="password"
          autoComplete="off"
          maxLength={500}
          value={token}
          onChange={(e) => setToken(e.target.value)}
          required
        />
      </label>
      <TotpField label={t('tools.code')} labelClass="text-sm" value={code} onChange={setCode} />
      <div className="flex items-end gap-2">
        <button type="submit" className={buttonClass('primary', 'px-3 py-1.5 text-xs')}>
          {t('tools.saveToken')}
        </button>
        <button
          type="button"
          className={buttonClass('secondary', 'px-3 py-1.5 text-xs')}
          onClick={() => setOpen(false)}
        >
          {t('tools.cancel')}
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-3 dark:text-red-300">
          {error}
        </p>
      )}
    </Form>
  );
}
