import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/Form';
import type { ConsoleReply, InputOf } from '../../../lib/api';
import { FormActions, FormError } from './FormActions';
import { field } from './format';
import { TotpField } from './TotpField';

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
      {p.withCode && <TotpField value={code} onChange={setCode} />}
      <FormActions submit={t('admin:action.submit')} busy={busy} danger={p.danger} onCancel={p.onCancel} />
      <FormError text={message} />
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
  const id = useId();
  const control = {
    id,
    className: `${field} mt-1`,
    required: true,
    maxLength: 500,
    value,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
  };
  return (
    <label className="block text-sm" htmlFor={id}>
      {t('admin:action.reason')}
      {single ? <input {...control} /> : <textarea {...control} />}
    </label>
  );
}
