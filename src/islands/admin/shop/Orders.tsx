import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Form } from '../../../components/Form';
import { consoleCall, type InputOf, type ReplyOf } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import type { ConsoleOrder } from '../../../shared/contract/shop-console';
import { ORDER_PAY_PROVIDERS, OrderStatus } from '../../../shared/shop';
import { StatusBadge } from '../../shop/StatusBadge';
import { card, field, yuan } from '../ui/format';
import { Pager } from '../ui/Pager';

/** The list's filters as the form holds them; the selects offer only values the route takes. */
type Filter = Omit<InputOf<'GET', '/admin/orders'>, 'pageNum' | 'pageSize'>;
type FilterTexts = Partial<Record<keyof Filter, string>>;
const TEXT_FILTERS = ['user', 'product'] as const;
export const time = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 19) : '—');

function OrdersView() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<FilterTexts>({});
  const [applied, setApplied] = useState<FilterTexts>({});
  const [page, setPage] = useState(1);
  const [data, setData] = useState<ReplyOf<'GET', '/admin/orders'> | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(
    () =>
      void consoleCall('GET', '/admin/orders', { pageNum: page, pageSize: 20, ...(applied as Filter) }).then((r) => {
        setData(r.ok ? r.data : null);
        setError(r.ok ? '' : r.result || t('admin:error'));
      }),
    [page, applied, t],
  );
  useEffect(load, [load]);
  function submit(e: FormEvent) {
    e.preventDefault();
    setApplied(Object.fromEntries(Object.entries(filter).filter(([, v]) => v.trim())));
    setPage(1);
  }
  const set = (k: keyof Filter, v: string) => setFilter({ ...filter, [k]: v });
  const csvQuery = new URLSearchParams(applied as Record<string, string>).toString();
  return (
    <div className="space-y-4">
      <search>
        <Form onSubmit={submit} className={`${card} grid gap-3 sm:grid-cols-3 lg:grid-cols-4`}>
          <label className="block text-sm">
            {t('admin:orders.status')}
            <select
              className={`${field} mt-1`}
              value={filter.status ?? ''}
              onChange={(e) => set('status', e.target.value)}
            >
              <option value="">{t('admin:orders.any')}</option>
              {Object.values(OrderStatus).map((s) => (
                <option key={s} value={s}>
                  {t(`shop:status.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm">
            {t('admin:orders.provider')}
            <select
              className={`${field} mt-1`}
              value={filter.provider ?? ''}
              onChange={(e) => set('provider', e.target.value)}
            >
              <option value="">{t('admin:orders.any')}</option>
              {ORDER_PAY_PROVIDERS.map((p) => (
                <option key={p} value={p}>
                  {t(`admin:provider.${p}`)}
                </option>
              ))}
            </select>
          </label>
          {TEXT_FILTERS.map((f) => (
            <label key={f} className="block text-sm">
              {t(`admin:orders.${f}`)}
              <input
                className={`${field} mt-1`}
                maxLength={f === 'user' ? 200 : 40}
                placeholder={f === 'user' ? t('admin:orders.userPlaceholder') : 'VIP_MONTH'}
                value={filter[f] ?? ''}
                onChange={(e) => set(f, e.target.value)}
              />
            </label>
          ))}
          {(['from', 'to'] as const).map((f) => (
            <label key={f} className="block text-sm">
              {t(`admin:audit.${f}`)}
              <input
                className={`${field} mt-1`}
                type="date"
                value={filter[f] ?? ''}
                onChange={(e) => set(f, e.target.value)}
              />
            </label>
          ))}
          <div className="flex items-end gap-2 sm:col-span-2">
            <button type="submit" className={buttonClass('primary')}>
              {t('admin:audit.filter')}
            </button>
            <a
              className={buttonClass('secondary')}
              href={`/api/admin/orders.csv${csvQuery ? `?${csvQuery}` : ''}`}
              download
            >
              {t('admin:dash.csv')}
            </a>
          </div>
        </Form>
      </search>
      {error && <p role="alert">{error}</p>}
      {data && data.records.length === 0 && <p role="status">{t('admin:orders.none')}</p>}
      {data && data.records.length > 0 && <OrderTable rows={data.records} />}
      {data && <Pager label={t('admin:nav.orders')} page={page} total={data.total} size={data.size} onPage={setPage} />}
    </div>
  );
}

/** The list: a table that scrolls sideways on a phone, the order number first so it stays in view. */
function OrderTable({ rows }: { rows: ConsoleOrder[] }) {
  const { t } = useTranslation();
  return (
    <div className={`${card} overflow-x-auto`}>
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            <th scope="col">{t('admin:user.orderNo')}</th>
            <th scope="col">{t('admin:orders.email')}</th>
            <th scope="col">{t('admin:user.product')}</th>
            <th scope="col">{t('admin:user.price')}</th>
            <th scope="col">{t('admin:user.status')}</th>
            <th scope="col">{t('admin:orders.provider')}</th>
            <th scope="col">{t('admin:orders.created')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.orderNo} className="border-t border-slate-100 align-top dark:border-slate-800">
              <td className="font-mono text-xs">
                <a className="text-brand-700 underline dark:text-brand-300" href={`/admin/orders/${r.orderNo}`}>
                  {r.orderNo}
                </a>
              </td>
              <td>
                <a className="underline" href={`/admin/users/${r.userId}`}>
                  {r.email ?? `#${r.userId}`}
                </a>
              </td>
              <td>{r.orderDesc}</td>
              <td className="tabular-nums">
                {yuan(r.orderPrice)}
                {r.refundedAmount > 0 && (
                  <span className="block text-xs text-violet-700 dark:text-violet-300">−{yuan(r.refundedAmount)}</span>
                )}
              </td>
              <td>
                <StatusBadge status={r.orderStatus} />
              </td>
              <td>{t(`admin:provider.${r.payProvider}`, { defaultValue: r.payProvider })}</td>
              <td className="whitespace-nowrap tabular-nums">{time(r.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Orders(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <OrdersView />
    </IslandRoot>
  );
}
