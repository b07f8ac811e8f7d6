import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Form } from '../../components/Form';
import { type ApiResult, post } from '../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { COMPLAINT_CATEGORIES, COMPLAINT_LIMITS, type ComplaintCategory } from '../../shared/compliance';
import type { ComplaintFiled, ComplaintStatusView } from '../../shared/contract/compliance';

const input =
  'mt-1 w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-white';
const section = 'space-y-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';
const when = (iso: string) => new Date(iso).toLocaleString();

/** The server's words for a refusal (validation, not found, too many), else `fallback`. */
function failureText(res: ApiResult<unknown>, fallback: string): string {
  if (res.ok) return fallback;
  return (res.kind === 'business' ? res.result : res.message) || fallback;
}

/** The labelled control of one field. */
function Field(p: { label: string; hint?: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <div className="text-sm">
      <label htmlFor={id} className="font-medium text-slate-800 dark:text-slate-100">
        {p.label}
      </label>
      {p.children(id)}
      {p.hint && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{p.hint}</p>}
    </div>
  );
}

/** The complaint form: anyone may file; the receipt shows the ticket number and the promised handling time. */
function FileForm() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<ComplaintCategory>('unlawful');
  const [address, setAddress] = useState('');
  const [description, setDescription] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [filed, setFiled] = useState<ComplaintFiled | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    const res = await post('/complaints', { category, address, description, email }, { silent: true });
    setBusy(false);
    if (res.ok && res.kind === 'reply') setFiled(res.data);
    else setError(failureText(res, t('common:error.generic')));
  }
  if (filed)
    return (
      <div role="status" className="space-y-2" data-complaint-filed>
        <p className="font-semibold">{t('compliance:page.submitted', { ticket: filed.ticket })}</p>
        <p className="text-sm">{t('compliance:page.promise', { days: filed.handlingDays, due: when(filed.dueAt) })}</p>
      </div>
    );
  return (
    <Form onSubmit={(e) => void submit(e)} className="space-y-4">
      <Field label={t('compliance:field.category')}>
        {(id) => (
          <select
            id={id}
            className={input}
            value={category}
            onChange={(e) => setCategory(e.target.value as ComplaintCategory)}
          >
            {COMPLAINT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`compliance:category.${c}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('compliance:field.address')} hint={t('compliance:page.addressHint')}>
        {(id) => (
          <input
            id={id}
            className={input}
            required
            maxLength={COMPLAINT_LIMITS.address}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('compliance:field.description')}>
        {(id) => (
          <textarea
            id={id}
            className={input}
            rows={5}
            required
            maxLength={COMPLAINT_LIMITS.description}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('compliance:field.email')} hint={t('compliance:page.emailHint')}>
        {(id) => (
          <input
            id={id}
            type="email"
            className={input}
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <button type="submit" className={buttonClass('primary')} disabled={busy}>
        {t('compliance:page.submit')}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </Form>
  );
}

/** The status lookup: the ticket number and the e-mail address it was filed with. */
function Lookup() {
  const { t } = useTranslation();
  const [ticket, setTicket] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [found, setFound] = useState<ComplaintStatusView | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    setFound(null);
    const res = await post('/complaints/status', { ticket, email }, { silent: true });
    if (res.ok && res.kind === 'reply') setFound(res.data);
    else setError(failureText(res, t('common:error.generic')));
  }
  return (
    <div className="space-y-4">
      <Form onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <Field label={t('compliance:field.ticket')}>
          {(id) => (
            <input id={id} className={input} required value={ticket} onChange={(e) => setTicket(e.target.value)} />
          )}
        </Field>
        <Field label={t('compliance:field.email')}>
          {(id) => (
            <input
              id={id}
              type="email"
              className={input}
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className={buttonClass('secondary')}>
          {t('compliance:page.lookup')}
        </button>
      </Form>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {found && (
        <div className="space-y-2 text-sm" data-complaint-status>
          <p className="font-semibold">
            {t('compliance:page.status', { status: t(`compliance:status.${found.status}`) })}
          </p>
          <p>{t('compliance:page.due', { due: when(found.dueAt) })}</p>
          <h3 className="font-medium">{t('compliance:page.replies')}</h3>
          {found.replies.length === 0 && <p>{t('compliance:page.noReplies')}</p>}
          <ul className="space-y-2">
            {found.replies.map((r) => (
              <li
                key={r.createdAt}
                className="whitespace-pre-wrap rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60"
              >
                {r.text}
                <span className="block text-xs text-slate-600 dark:text-slate-400">{when(r.createdAt)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** /complaint (docs/compliance.md): the complaint form and the status lookup; no account needed. */
export function ComplaintDesk(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="compliance">
      <DeskView />
    </IslandRoot>
  );
}

function DeskView() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <section className={section} aria-labelledby="complaint-file">
        <h2 id="complaint-file" className="text-lg font-semibold">
          {t('compliance:page.title')}
        </h2>
        <FileForm />
      </section>
      <section className={section} aria-labelledby="complaint-lookup">
        <h2 id="complaint-lookup" className="text-lg font-semibold">
          {t('compliance:page.lookupTitle')}
        </h2>
        <Lookup />
      </section>
    </div>
  );
}
