import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Form } from '../../components/Form';
import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { call, card, field } from './admin-api';
import { Pager } from './ui/Pager';

interface Entry {
  id: number;
  at: string;
  actorEmail: string | null;
  ip: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
}
interface Page {
  records: Entry[];
  total: number;
  current: number;
  size: number;
}
const FILTERS = ['action', 'actor', 'targetId', 'from', 'to'] as const;
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
  const [filter, setFilter] = useState<Record<string, string>>({});
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const load = useCallback(
    () =>
      void call<Page>('GET', `/admin/audit?pageNum=${page}&pageSize=50${applied ? `&${applied}` : ''}`).then((r) =>
        setData(r.ok ? r.data : null),
      ),
    [page, applied],
  );
  useEffect(load, [load]);
  function submit(e: FormEvent) {
    e.preventDefault();
    const q = new URLSearchParams(Object.entries(filter).filter(([, v]) => v.trim()));
    setApplied(q.toString());
    setPage(1);
  }
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
          <a className={buttonClass('secondary')} href={`/api/admin/audit.csv${applied ? `?${applied}` : ''}`} download>
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
