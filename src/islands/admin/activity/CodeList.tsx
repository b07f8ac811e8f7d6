import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Form } from '../../../components/Form';
import { consoleCall, type InputOf, type ReplyOf } from '../../../lib/api';
import type { CodeBatch, ExperienceCode } from '../../../shared/contract/activity-console';
import { card, field } from '../ui/format';
import { Pager } from '../ui/Pager';

type Redeemed = NonNullable<InputOf<'GET', '/admin/codes'>['redeemed']>;

const at = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 16) : '—');
const state = (c: ExperienceCode) =>
  c.redeemedBy !== null
    ? 'redeemed'
    : c.disabledAt
      ? 'disabled'
      : c.expiresAt !== null && Date.parse(c.expiresAt) <= Date.now()
        ? 'expired'
        : 'open';

/** Codes with who redeemed each and when; filtered by batch, redeemed or not, code or e-mail. */
export function CodeList({
  batches,
  batchId,
  onBatch,
  version,
}: {
  batches: CodeBatch[];
  batchId: number | undefined;
  onBatch: (id: number | undefined) => void;
  version: number;
}) {
  const { t } = useTranslation();
  const [redeemed, setRedeemed] = useState<Redeemed>('');
  const [q, setQ] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<ReplyOf<'GET', '/admin/codes'> | null>(null);

  useEffect(() => {
    if (version < 0) return;
    // Unset filters stay out of the query.
    const query = {
      pageNum: page,
      pageSize: 50,
      batchId: batchId || undefined,
      redeemed: redeemed || undefined,
      q: applied || undefined,
    };
    void consoleCall('GET', '/admin/codes', query).then((r) => setData(r.ok ? r.data : null));
  }, [batchId, redeemed, applied, page, version]);

  function submit(e: FormEvent) {
    e.preventDefault();
    setApplied(q.trim());
    setPage(1);
  }
  return (
    <section className={`${card} space-y-3`} aria-labelledby="codes-title">
      <h2 id="codes-title" className="font-semibold">
        {t('admin:codes.list')}
      </h2>
      <Form onSubmit={submit} className="grid gap-3 sm:grid-cols-4">
        <label className="block text-sm">
          {t('admin:codes.batch')}
          <select
            className={`${field} mt-1`}
            value={batchId ?? ''}
            onChange={(e) => {
              onBatch(e.target.value ? Number(e.target.value) : undefined);
              setPage(1);
            }}
          >
            <option value="">{t('admin:codes.allBatches')}</option>
            {batches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.id} · {b.label}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm">
          {t('admin:codes.redeemed')}
          <select
            className={`${field} mt-1`}
            value={redeemed}
            onChange={(e) => {
              setRedeemed(e.target.value as Redeemed);
              setPage(1);
            }}
          >
            <option value="">{t('admin:codes.redeemed.any')}</option>
            <option value="yes">{t('admin:codes.redeemed.yes')}</option>
            <option value="no">{t('admin:codes.redeemed.no')}</option>
          </select>
        </label>
        <label className="block text-sm">
          {t('admin:codes.search')}
          <input className={`${field} mt-1`} maxLength={200} value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
        <div className="flex items-end">
          <button type="submit" className={buttonClass('primary')}>
            {t('admin:codes.filter')}
          </button>
        </div>
      </Form>
      {data?.records.length === 0 && <p role="status">{t('admin:codes.empty')}</p>}
      {data && data.records.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">{t('admin:codes.code')}</th>
                <th scope="col">{t('admin:codes.batch')}</th>
                <th scope="col">{t('admin:codes.state')}</th>
                <th scope="col">{t('admin:codes.redeemer')}</th>
                <th scope="col">{t('admin:codes.redeemedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {data.records.map((c) => (
                <tr key={c.id} data-code={c.code} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="font-mono">{c.code}</td>
                  <td>{c.batchId ?? '—'}</td>
                  <td>{t(`admin:codes.state.${state(c)}`)}</td>
                  <td>
                    {c.redeemedBy !== null ? (
                      <a className="underline" href={`/admin/users/${c.redeemedBy}`}>
                        {c.redeemerEmail ?? c.redeemedBy}
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>{at(c.redeemedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager label={t('admin:codes.list')} page={page} total={data.total} size={data.size} onPage={setPage} />}
    </section>
  );
}
