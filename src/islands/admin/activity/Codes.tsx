import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Form } from '../../../components/Form';
import { consoleCall, type ReplyOf } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import type { CodeBatch } from '../../../shared/contract/activity-console';
import { CODE_BATCH_MAX } from '../../../shared/notices';
import { card, day, field } from '../ui/format';
import { ReasonField } from '../ui/ReasonForm';
import { CodeList } from './CodeList';

const NUMBERS = [
  ['count', 1, CODE_BATCH_MAX],
  ['trialDays', 1, 366],
  ['trialLevel', 1, 9],
  ['validDays', 1, 3650],
] as const;

/** Generates a batch; one request id per filled form, so a double click makes one batch. */
function Generate({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ label: 'group', count: '50', trialDays: '1', trialLevel: '', validDays: '30' });
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await consoleCall('POST', '/admin/codes/batches', {
      label: form.label,
      count: Number(form.count),
      trialDays: Number(form.trialDays),
      trialLevel: form.trialLevel ? Number(form.trialLevel) : null,
      validDays: Number(form.validDays),
      requestId,
    });
    setBusy(false);
    if (!res.ok) return setMessage(res.result || t('admin:error'));
    setRequestId(crypto.randomUUID());
    setMessage(t('admin:codes.generated', { count: res.data.codes ?? 0 }));
    onDone();
  }
  return (
    <Form onSubmit={(e) => void submit(e)} className={`${card} space-y-3`} aria-labelledby="generate-title">
      <h2 id="generate-title" className="font-semibold">
        {t('admin:codes.generate')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <label className="block text-sm">
          {t('admin:codes.label')}
          <input
            className={`${field} mt-1`}
            required
            maxLength={40}
            value={form.label}
            onChange={(e) => setForm({ ...form, label: e.target.value })}
          />
        </label>
        {NUMBERS.map(([key, min, max]) => (
          <label key={key} className="block text-sm">
            {t(`admin:codes.${key}`)}
            <input
              className={`${field} mt-1`}
              type="number"
              min={min}
              max={max}
              required={key !== 'trialLevel'}
              value={form[key]}
              onChange={(e) => setForm({ ...form, [key]: e.target.value })}
            />
          </label>
        ))}
      </div>
      <button type="submit" disabled={busy} className={buttonClass('primary')}>
        {t('admin:codes.submit')}
      </button>
      {message && (
        <p role="status" className="text-sm">
          {message}
        </p>
      )}
    </Form>
  );
}

/** Disables a batch's unredeemed codes, with a required reason. */
function Disable({ batch, onDone }: { batch: CodeBatch; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [requestId] = useState(() => crypto.randomUUID());
  const [error, setError] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    const res = await consoleCall('POST', `/admin/codes/batches/${batch.id}/disable`, {
      reason,
      requestId,
    });
    if (!res.ok) return setError(res.result || t('admin:error'));
    onDone(t('admin:codes.disabledN', { count: res.data.disabled ?? 0 }));
  }
  return (
    <Form onSubmit={(e) => void submit(e)} className="mt-2 flex flex-wrap items-end gap-2">
      <ReasonField single value={reason} onChange={setReason} />
      <button type="submit" className={buttonClass('danger')}>
        {t('admin:action.submit')}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </Form>
  );
}

function CodesView() {
  const { t } = useTranslation();
  const [batches, setBatches] = useState<ReplyOf<'GET', '/admin/codes/batches'> | null>(null);
  const [shown, setShown] = useState<number | undefined>();
  const [disabling, setDisabling] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [version, setVersion] = useState(0);
  useEffect(() => {
    // Read again after each change (version counts them); a slower earlier read must not overwrite a later one.
    if (version < 0) return;
    let current = true;
    void consoleCall('GET', '/admin/codes/batches', { pageSize: 100 }).then((r) => {
      if (current) setBatches(r.ok ? r.data : null);
    });
    return () => {
      current = false;
    };
  }, [version]);
  const refresh = () => setVersion((v) => v + 1);
  return (
    <div className="space-y-4">
      <Generate onDone={refresh} />
      <section className={`${card} overflow-x-auto`} aria-labelledby="batches-title">
        <h2 id="batches-title" className="mb-2 font-semibold">
          {t('admin:codes.batches')}
        </h2>
        {message && (
          <p role="status" className="mb-2 text-sm">
            {message}
          </p>
        )}
        {batches?.records.length === 0 && <p>{t('admin:codes.noBatches')}</p>}
        {batches && batches.records.length > 0 && (
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">{t('admin:codes.batch')}</th>
                <th scope="col">{t('admin:codes.label')}</th>
                <th scope="col">{t('admin:codes.trialDays')}</th>
                <th scope="col">{t('admin:codes.created')}</th>
                <th scope="col">{t('admin:codes.expires')}</th>
                <th scope="col">{t('admin:codes.redeemedOf')}</th>
                <th scope="col">{t('admin:action.title')}</th>
              </tr>
            </thead>
            <tbody>
              {batches.records.map((b) => (
                <tr key={b.id} data-batch={b.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                  <td>{b.id}</td>
                  <td>{b.label}</td>
                  <td>{b.trialDays}</td>
                  <td>{day(b.createdAt)}</td>
                  <td>{day(b.expiresAt)}</td>
                  <td>
                    {b.redeemed} / {b.count}
                    {b.disabled > 0 && ` · ${t('admin:codes.state.disabled')} ${b.disabled}`}
                  </td>
                  <td className="space-x-2 whitespace-nowrap">
                    <button type="button" className="underline" onClick={() => setShown(b.id)}>
                      {t('admin:codes.show')}
                    </button>
                    <a className="underline" href={`/api/admin/codes/batches/${b.id}/codes.csv`} download>
                      {t('admin:codes.csv')}
                    </a>
                    {b.redeemed + b.disabled < b.count && (
                      <button type="button" className="underline" onClick={() => setDisabling(b.id)}>
                        {t('admin:codes.disable')}
                      </button>
                    )}
                    {disabling === b.id && (
                      <Disable
                        batch={b}
                        onDone={(m) => {
                          setDisabling(null);
                          setMessage(m);
                          refresh();
                        }}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <CodeList batches={batches?.records ?? []} batchId={shown} onBatch={setShown} version={version} />
    </div>
  );
}

export function Codes(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <CodesView />
    </IslandRoot>
  );
}
