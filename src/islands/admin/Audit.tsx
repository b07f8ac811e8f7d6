import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Form } from '../../components/Form';
import { consoleCall, type ReplyOf } from '../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { card, field } from './ui/format';
import { Pager } from './ui/Pager';

const FILTERS = ['action', 'actor', 'targetId', 'from', 'to'] as const;
type Filter = Partial<Record<(typeof FILTERS)[number], string>>;
const LABELS = {
  action: 'audit.action',
  actor: 'audit.actor',
  targetId: 'audit.target',
  from: 'audit.from',
  to: 'audit.to',
};
const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));

function AuditView() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({});
  const [applied, setApplied] = useState<Filter>({});
  const [page, setPage] = useState(1);
  const [data, setData] = useState<ReplyOf<'GET', '/admin/audit'> | null>(null);
  const load = useCallback(
    () =>
      void consoleCall('GET', '/admin/audit', { pageNum: page, pageSize: 50, ...applied }).then((r) =>
        setData(r.ok ? r.data : null),
      ),
    [page, applied],
  );
  useEffect(load, [load]);
  function submit(e: FormEvent) {
    e.preventDefault();
    setApplied(Object.fromEntries(Object.entries(filter).filter(([, v]) => v.trim())) as Filter);
    setPage(1);
  }
  const csvQuery = new URLSearchParams(applied as Record<string, string>).toString();
  return (
    <div className="space-y-4">
      <Form onSubmit={submit} className={`${card} grid gap-3 sm:grid-cols-3 lg:grid-cols-6`}>
        {FILTERS.map((f) => (
          <label key={f} className="block text-sm">
            {t(`admin:${LABELS[f]}`)}
            <input
              className={`${field} mt-1`}
              type={f === 'from' || f === 'to' ? 'date' : 'text'}
              maxLength={200}
              value={filter[f] ?? ''}
              onChange={(e) => setFilter({ ...filter, [f]: e.target.value })}
            />
          </label>
        ))}
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClass('primary')}>
            {t('admin:audit.filter')}
          </button>
          <a
            className={buttonClass('secondary')}
            href={`/api/admin/audit.csv${csvQuery ? `?${csvQuery}` : ''}`}
            download
          >
            {t('admin:dash.csv')}
          </a>
        </div>
      </Form>
      {data && data.records.length === 0 && <p role="status">{t('admin:audit.empty')}</p>}
      {data && data.records.length > 0 && (
        <div className={`${card} overflow-x-auto`}>
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">{t('admin:audit.at')}</th>
                <th scope="col">{t('admin:audit.actor')}</th>
                <th scope="col">{t('admin:audit.ip')}</th>
                <th scope="col">{t('admin:audit.action')}</th>
                <th scope="col">{t('admin:audit.target')}</th>
                <th scope="col">{t('admin:audit.reason')}</th>
                <th scope="col">{t('admin:audit.change')}</th>
              </tr>
            </thead>
            <tbody>
              {data.records.map((r) => (
                <tr key={r.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                  <td className="whitespace-nowrap">{r.at.replace('T', ' ').slice(0, 19)}</td>
                  <td>{r.actorEmail ?? '—'}</td>
                  <td>{r.ip ?? '—'}</td>
                  <td>{r.action}</td>
                  <td>{r.targetId ? `${r.targetType ?? ''} ${r.targetId}` : '—'}</td>
                  <td>{r.reason ?? '—'}</td>
                  <td className="max-w-xs break-all font-mono text-xs">
                    {json(r.before)} → {json(r.after)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager label={t('admin:nav.audit')} page={page} total={data.total} size={data.size} onPage={setPage} />}
    </div>
  );
}

export function Audit(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <AuditView />
    </IslandRoot>
  );
}
