import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { toast } from '../../lib/toast';
import { useHydrated } from '../../lib/use-hydrated';
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
  const token = useStore($token);
  return token ? <OrderList sandbox={sandbox} /> : <LoginRequired />;
}

const visitorOnly = '[html[data-auth]_&]:hidden';
const memberOnly = 'hidden [html[data-auth]_&]:block';
const bar = 'animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800';

/**
 * The server's render, and the first render while a member's page hydrates (the same markup, so
 * hydration matches): the login warning for visitors, a skeleton of the list for members, picked by
 * CSS from html[data-auth] (set before paint). Visitors never hydrate the island (client:auth), so
 * their warning is in the HTML and is the page's largest paint.
 */
function FirstView() {
  const { t } = useTranslation('common');
  return (
    <>
      <LoginRequired className={visitorOnly} />
      <div className={`space-y-4 ${memberOnly}`} aria-busy="true">
        <span className="sr-only" role="status">
          {t('list.loading')}
        </span>
        <div className="flex flex-col gap-3 sm:flex-row" aria-hidden="true">
          <div className={`h-10 w-full rounded-full sm:max-w-sm ${bar}`} />
          <div className={`h-10 w-40 rounded-full ${bar}`} />
        </div>
        <div className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
          <ListSkeleton />
        </div>
      </div>
    </>
  );
}

export interface OrdersIslandProps {
  lang: Language;
  messages: IslandI18nProps['messages'];
  sandbox: boolean;
}

/** /order: search, paged orders, view / go-pay / cancel, and the pay dialog with its push (docs/routes-and-screens.md). */
export function OrdersIsland({ lang, messages, sandbox }: OrdersIslandProps) {
  const hydrated = useHydrated();
  return (
    <IslandRoot lang={lang} messages={messages} ns="common">
      {hydrated ? <OrdersContent sandbox={sandbox} /> : <FirstView />}
    </IslandRoot>
  );
}
