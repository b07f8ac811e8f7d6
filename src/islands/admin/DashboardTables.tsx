import { useTranslation } from 'react-i18next';
import type { Dashboard } from '../../shared/contract/admin';
import { yuan } from './ui/format';
import { TableCard } from './ui/TableCard';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const rate = (failed: number, total: number) => (total ? `${Math.round((failed / total) * 1000) / 10}%` : '—');

/** The dashboard's tables, each with its CSV export: per day, provider errors, queues, failing channel keys. */
export function DashboardTables({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const h = (k: string) => t(`admin:dash.${k}`);
  return (
    <>
      <TableCard
        id="dash-days"
        title={h('table')}
        empty={h('noProviders')}
        head={[
          h('day'),
          h('revenue'),
          h('paidOrders'),
          h('createdOrders'),
          h('convertedOrders'),
          h('refunds'),
          h('refunded'),
          h('newUsers'),
          h('activeUsers'),
          h('chatMessages'),
          h('drawings'),
          h('songs'),
          h('couponClaims'),
        ]}
        rows={data.series.map((r) => [
          r.day,
          yuan(r.revenueFen),
          r.paidOrders,
          r.createdOrders,
          r.convertedOrders,
          r.refunds,
          yuan(r.refundedFen),
          r.newUsers,
          r.activeUsers,
          r.chatMessages,
          r.drawings,
          r.songs,
          r.couponClaims,
        ])}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <TableCard
          id="dash-providers"
          title={h('providers')}
          empty={h('noProviders')}
          head={[h('kind'), h('provider'), h('total'), h('failedTasks'), h('rate')]}
          rows={data.providers.map((p) => [
            t(`admin:dash.kind.${p.kind}`),
            p.provider,
            p.total,
            p.failed,
            rate(p.failed, p.total),
          ])}
        />
        <TableCard
          id="dash-queues"
          title={h('queues')}
          empty=""
          head={[h('queue'), h('waiting'), h('running'), h('failed')]}
          rows={(['drawings', 'songs'] as const).map((q) => [
            h(q),
            data.queues[q].waiting,
            data.queues[q].running,
            data.queues[q].failedLastHour,
          ])}
        />
      </div>
      <TableCard
        id="dash-keys"
        title={h('keys')}
        empty={h('noFailingKeys')}
        head={[h('keyChannel'), h('keyLast4'), h('keyFailures'), h('keyUntil'), h('keyLastFail'), h('keyError')]}
        rows={data.failingKeys.map((k) => [
          `${k.channel} (${t(`admin:dash.channelKind.${k.kind}`)})`,
          `…${k.last4}`,
          k.failures,
          k.cooldownUntil ? when(k.cooldownUntil) : h('keyWarm'),
          when(k.lastFailAt),
          k.lastError ?? '—',
        ])}
      />
    </>
  );
}
