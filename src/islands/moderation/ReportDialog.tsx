import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Dialog } from '../../components/Dialog';
import { Form } from '../../components/Form';
import { post } from '../../lib/api/client';
import { LazyIslandRoot } from '../../lib/island-i18n-lazy';
import { reactMount } from '../../lib/react-mount';
import { isReportTarget, OPEN_REPORT_READY_EVENT } from '../../lib/report-event';
import { toast } from '../../lib/toast';
import {
  OPEN_REPORT_EVENT,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
  type ReportTarget,
} from '../../shared/moderation-reports';

const FIELD =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-slate-900 shadow-xs outline-none focus:border-brand-500 focus:ring-4 focus:ring-brand-500/25 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

/** The "举报" dialog: a reason, words of one's own (required for "other"), sent to /api/report. */
function ReportForm() {
  const { t } = useTranslation('common');
  const id = useId();
  const [target, setTarget] = useState<ReportTarget | null>(null);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const onOpen = (event: CustomEvent<ReportTarget | null>) => {
      if (!isReportTarget(event.detail)) return;
      setTarget(event.detail);
      setReason('');
      setText('');
      setError('');
    };
    window.addEventListener(OPEN_REPORT_EVENT, onOpen);
    window.dispatchEvent(new Event(OPEN_REPORT_READY_EVENT));
    return () => window.removeEventListener(OPEN_REPORT_EVENT, onOpen);
  }, []);

  const close = () => setTarget(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    if (!reason) return setError(t('report.badReason'));
    if (reason === 'other' && !text.trim()) return setError(t('report.textRequired'));
    setBusy(true);
    setError('');
    const res = await post('/report', { ...target, reason, text: text.trim() }, { silent: true });
    setBusy(false);
    if (res.ok) {
      toast.success(res.kind === 'reply' ? res.result : t('report.thanks'));
      return close();
    }
    if (res.kind === 'aborted') return;
    setError(res.kind === 'business' ? res.result : res.message || t('report.failed'));
  };

  return (
    <Dialog open={target !== null} onClose={close} title={t('report.title')} size="sm">
      <Form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <p className="text-sm leading-6 text-slate-600 dark:text-slate-400">{t('report.intro')}</p>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('report.reasonLabel')}</legend>
          <div className="mt-2 grid grid-cols-2 gap-2">
            {REPORT_REASONS.map((r) => (
              <label
                key={r}
                className="flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200 has-checked:bg-brand-50 has-checked:ring-brand-400 dark:text-slate-100 dark:ring-slate-700 dark:has-checked:bg-brand-950"
              >
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="accent-brand-600"
                />
                {t(`report.reason.${r}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            {t('report.textLabel')}
          </label>
          <textarea
            id={`${id}-text`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={REPORT_TEXT_MAX}
            rows={3}
            aria-describedby={`${id}-hint`}
            required={reason === 'other'}
            className={`${FIELD} mt-1.5`}
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t('report.textHint')}
          </p>
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={close} className={buttonClass('ghost')}>
            {t('report.cancel')}
          </button>
          <button type="submit" disabled={busy} className={buttonClass('danger')}>
            {t('report.submit')}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

/** Placed once per page by ReportMount.astro; downloaded on the first OPEN_REPORT_EVENT only. */
export function ReportDialog(props: { lang: string }) {
  return (
    <LazyIslandRoot lang={props.lang} namespaces={['common', 'layout']} ns="common">
      <ReportForm />
    </LazyIslandRoot>
  );
}

/** What mountEventDialogs (src/islands/event-dialogs.ts) renders into its element. */
export const mount = reactMount(ReportDialog);
