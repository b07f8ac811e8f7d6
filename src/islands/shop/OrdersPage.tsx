import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { type IslandMessages, IslandRoot } from '../../lib/island-i18n';
import { toast } from '../../lib/toast';
import type { Language } from '../../shared/languages';
import { ORDER_PAGE_SIZE } from '../../shared/shop';
import { $token } from '../../stores/auth';
import { ListEmpty, ListFailed, ListSkeleton } from './ListStatus';
import { LoginRequired } from './LoginRequired';
import { OrderCards } from './OrderCards';
import { OrderSearch } from './OrderSearch';
import { OrderTable } from './OrderTable';
import { Pager } from './Pager';
import { refreshUser } from './refresh-user';
import { useCancelOrder } from './use-cancel-order';
import { useOrders } from './use-orders';
import { usePayFlow } from './use-pay-flow';

function OrderList({ sandbox }: { sandbox: boolean }) {
  const { t } = useTranslation('shop');
  const { query, state, search, goTo, reload } = useOrders();
  const cancel = useCancelOrder(reload);
  const flow = usePayFlow({
    sandbox,
    onPaid(orderDesc) {
      // On the orders page: close the pay dialog, say so, reload the list and the user (docs/state-machines.md).
      flow.close();
      toast.success(t('pay.success', { desc: orderDesc }));
      reload();
      void refreshUser();
    },
  });

  const handlers = { onPay: flow.showPay, onView: flow.showInfo, onCancel: cancel.ask };
  const { page } = state;
  const records = page?.records ?? [];
  let body = <ListSkeleton />;
  if (state.status === 'failed') body = <ListFailed onRetry={reload} />;
  else if (page && records.length === 0) body = <ListEmpty searching={query.orderNo !== ''} />;
  else if (page)
    body = (
      <>
        <div className="hidden md:block">
          <OrderTable orders={records} {...handlers} />
        </div>
        <div className="md:hidden">
          <OrderCards orders={records} {...handlers} />
        </div>
      </>
    );

  return (
    <div className="space-y-4">
      <OrderSearch onSearch={search} onRefresh={() => search('')} />
      <section
        aria-label={t('orders.list')}
        aria-busy={state.status === 'loading'}
        className={`overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-opacity dark:bg-slate-900 dark:ring-slate-800 ${state.status === 'loading' && page ? 'opacity-60' : ''}`}
      >
        {body}
      </section>
      {page && page.total > 0 && state.status !== 'failed' && (
        <Pager page={query.pageNum} pageSize={ORDER_PAGE_SIZE} total={page.total} onChange={goTo} />
      )}
      {flow.element}
      {cancel.element}
    </div>
  );
}

function OrdersContent({ sandbox }: { sandbox: boolean }) {
  // client:only: the token is read in the browser, never during a server render (ARCHITECTURE.md).
  const token = useStore($token);
  return token ? <OrderList sandbox={sandbox} /> : <LoginRequired />;
}

export interface OrdersIslandProps {
  lang: Language;
  messages: IslandMessages;
  sandbox: boolean;
}

/** /order: search, paged orders, view / go-pay / cancel, and the pay dialog with its push (docs/routes-and-screens.md). */
export function OrdersIsland({ lang, messages, sandbox }: OrdersIslandProps) {
  return (
    <IslandRoot lang={lang} messages={messages} ns="common">
      <OrdersContent sandbox={sandbox} />
    </IslandRoot>
  );
}
