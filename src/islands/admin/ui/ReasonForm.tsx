import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Form } from '../../../components/Form';
import type { ConsoleReply, InputOf } from '../../../lib/api';
import { field } from './format';

/**
 * What a reasoned action sends: the reason, one request id per opened form (a
 * double click or a retry acts once), and the fresh TOTP code when the action asks for one.
 */
export type ReasonFields = Partial<Pick<InputOf<'POST', '/admin/users/{id}/delete'>, 'code'>> &
  Omit<InputOf<'POST', '/admin/users/{id}/delete'>, 'code'>;

/**
 * The form every console action opens: a required reason, optionally a fresh
 * TOTP code, extra fields from the caller; it shows the server's refusal.
 */
export function ReasonForm(p: {
  send: (f: ReasonFields) => Promise<ConsoleReply<unknown>>;
  onDone: () => void;
  onCancel: () => void;
  withCode?: boolean;
  warning?: string;
  danger?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [requestId] = useState(() => crypto.randomUUID());
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await p.send({ reason, requestId, ...(p.withCode ? { code } : {}) });
    setBusy(false);
    if (!res.ok) return setMessage(res.result || t('admin:error'));
    p.onDone();
  }
  return (
    <Form onSubmit={(e) => void submit(e)} className="space-y-3">
      {p.warning && (
        <p className="text-sm text-red-700 dark:text-red-300" role="note">
          {p.warning}
        </p>
      )}
      {p.children}
      <ReasonField value={reason} onChange={setReason} />
      {p.withCode && <CodeField value={code} onChange={setCode} />}
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className={buttonClass(p.danger ? 'danger' : 'primary')}>
          {t('admin:action.submit')}
        </button>
        <button type="button" className={buttonClass('ghost')} onClick={p.onCancel}>
          {t('admin:action.cancel')}
        </button>
      </div>
      {message && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {message}
        </p>
      )}
    </Form>
  );
}

/** The required reason of a console action (at most 500 characters, like the API's); `single`: one line. */
export function ReasonField({
  value,
  onChange,
  single,
}: {
  value: string;
  onChange: (v: string) => void;
  single?: boolean;
}) {
  const { t } = useTranslation();
  const className = `${field} mt-1`;
  if (single)
    return (
      <label className="block text-sm">
        {t('admin:action.reason')}
        <input
          className={className}
          required
          maxLength={500}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    );
  return (
    <label className="block text-sm">
      {t('admin:action.reason')}
      <textarea
        className={className}
        required
        maxLength={500}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** A fresh six-digit TOTP code for a sensitive action. */
export function CodeField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <label className="block text-sm">
      {t('admin:action.code')}
      <input
        className={`${field} mt-1`}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
