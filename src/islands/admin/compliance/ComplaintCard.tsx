import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Form } from '../../../components/Form';
import { consoleCall } from '../../../lib/api';
import { COMPLAINT_LIMITS } from '../../../shared/compliance';
import type { ComplaintDetail, ComplaintRow } from '../../../shared/contract/compliance';
import { REPORT_KINDS, type ReportKind } from '../../../shared/moderation-reports';
import { FormError } from '../ui/FormActions';
import { card, field } from '../ui/format';
import { ReasonForm } from '../ui/ReasonForm';

const when = (iso: string) => new Date(iso).toLocaleString();
const HOUR = 3_600_000;

/** Time to the deadline, in days and hours; past it, "overdue". */
export function DueLabel({ row }: { row: ComplaintRow }) {
  const { t } = useTranslation();
  if (row.status === 'closed') return <span>{when(row.dueAt)}</span>;
  if (row.overdue)
    return (
      <span className="font-semibold text-red-700 dark:text-red-300" data-overdue>
        {t('compliance:console.overdue')}
      </span>
    );
  const hours = Math.max(0, Math.floor((Date.parse(row.dueAt) - Date.now()) / HOUR));
  const time = hours >= 24 ? `${Math.floor(hours / 24)}d ${hours % 24}h` : `${hours}h`;
  return <span>{t('compliance:console.left', { time })}</span>;
}

/** The reply form: the text is stored and e-mailed to the filer. */
function ReplyForm({ id, onDone }: { id: number; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [requestId] = useState(() => crypto.randomUUID());
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await consoleCall('POST', `/admin/complaints/${id}/reply`, { text, requestId });
    setBusy(false);
    if (!res.ok) return setMessage(res.result || t('admin:error'));
    onDone(t('compliance:console.sent'));
  }
  return (
    <Form onSubmit={(e) => void submit(e)} className="space-y-2">
      <label htmlFor={fieldId} className="block text-sm font-medium">
        {t('compliance:console.reply')}
      </label>
      <textarea
        id={fieldId}
        className={field}
        rows={4}
        required
        maxLength={COMPLAINT_LIMITS.reply}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className={buttonClass('primary')} disabled={busy}>
        {t('compliance:console.send')}
      </button>
      <FormError text={message} />
    </Form>
  );
}

/** What the takedown hides: the item the address names, or one the operator names (an app by its number). */
function TakedownFields(p: {
  kind: ReportKind;
  itemId: string;
  onKind: (k: ReportKind) => void;
  onId: (v: string) => void;
}) {
  const { t } = useTranslation();
  const kindId = useId();
  const itemId = useId();
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <label htmlFor={kindId} className="text-sm">
        {t('compliance:console.kind')}
        <select
          id={kindId}
          className={`${field} mt-1`}
          value={p.kind}
          onChange={(e) => p.onKind(e.target.value as ReportKind)}
        >
          {REPORT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`compliance:console.kind.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={itemId} className="text-sm">
        {t('compliance:console.itemId')}
        <input
          id={itemId}
          className={`${field} mt-1`}
          required
          value={p.itemId}
          onChange={(e) => p.onId(e.target.value)}
        />
      </label>
    </div>
  );
}

type Action = 'reply' | 'close' | 'takedown';

/** One ticket: its summary, and when opened its whole text, replies and the desk's actions. */
export function ComplaintCard({ row, onDone }: { row: ComplaintRow; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<ComplaintDetail | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [kind, setKind] = useState<ReportKind>('drawing');
  const [itemId, setItemId] = useState('');
  useEffect(() => {
    if (!open) return;
    void consoleCall('GET', `/admin/complaints/${row.id}`).then((r) => {
      if (!r.ok) return;
      setDetail(r.data);
      if (r.data.target) {
        setKind(r.data.target.kind);
        setItemId(r.data.target.id);
      }
    });
  }, [open, row.id]);
  const heading = `complaint-${row.id}`;
  const done = (m: string) => {
    setAction(null);
    onDone(m);
  };
  return (
    <article className={`${card} space-y-3 text-sm`} aria-labelledby={heading} data-complaint={row.ticket}>
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h2 id={heading} className="font-semibold text-slate-900 dark:text-white">
          {row.ticket}
        </h2>
        <span>{t(`compliance:category.${row.category}`)}</span>
        <span>{t(`compliance:status.${row.status}`)}</span>
        <span>
          {t('compliance:console.due')}: <DueLabel row={row} />
        </span>
        <span>
          {t('compliance:console.filed')}: {when(row.createdAt)}
        </span>
      </div>
      <p className="break-words">
        {t('compliance:field.address')}: {row.address}
      </p>
      <p>
        {t('compliance:field.email')}: {row.email} · {t('compliance:console.replies')}: {row.replies}
      </p>
      <button type="button" className={buttonClass('secondary')} aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('admin:reports.view')}
      </button>
      {open && detail && (
        <div className="space-y-3" data-complaint-detail>
          <p className="whitespace-pre-wrap break-words rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
            {detail.description}
          </p>
          {detail.replyList.map((r) => (
            <p key={r.createdAt} className="whitespace-pre-wrap rounded-lg bg-brand-50 px-3 py-2 dark:bg-slate-800">
              {r.text}
              <span className="block text-xs text-slate-600 dark:text-slate-300">{when(r.createdAt)}</span>
            </p>
          ))}
          {detail.status !== 'closed' && (
            <fieldset className="flex flex-wrap gap-2">
              <legend className="sr-only">{row.ticket}</legend>
              {(['reply', 'takedown', 'close'] as const).map((a) => (
                <button
                  key={a}
                  type="button"
                  aria-pressed={action === a}
                  className={buttonClass(a === 'takedown' ? 'danger' : 'secondary')}
                  onClick={() => setAction(a)}
                >
                  {t(`compliance:console.${a === 'reply' ? 'replyAction' : a}`)}
                </button>
              ))}
            </fieldset>
          )}
          {action === 'reply' && <ReplyForm id={row.id} onDone={done} />}
          {action === 'close' && (
            <ReasonForm
              onCancel={() => setAction(null)}
              onDone={() => done(t('compliance:console.closed'))}
              send={(f) => consoleCall('POST', `/admin/complaints/${row.id}/close`, f)}
            />
          )}
          {action === 'takedown' && (
            <ReasonForm
              danger
              warning={detail.target ? undefined : t('compliance:console.noTarget')}
              onCancel={() => setAction(null)}
              onDone={() => done(t('compliance:console.takedownDone'))}
              send={(f) => consoleCall('POST', `/admin/complaints/${row.id}/takedown`, { kind, itemId, ...f })}
            >
              <TakedownFields kind={kind} itemId={itemId} onKind={setKind} onId={setItemId} />
            </ReasonForm>
          )}
        </div>
      )}
    </article>
  );
}
