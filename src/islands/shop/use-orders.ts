import { useCallback, useEffect, useState } from 'react';
import { post } from '../../lib/api';
import type { OrderPage } from '../../shared/contract/shop';
import { ORDER_PAGE_SIZE } from '../../shared/shop';

export interface OrdersQuery {
  pageNum: number;
  /** '' lists every order of the caller. */
  orderNo: string;
}

export type OrdersState =
  | { status: 'loading'; page: OrderPage | null }
  | { status: 'ready'; page: OrderPage }
  | { status: 'failed'; page: OrderPage | null };

/**
 * The caller's orders, one page of 10 at a time (docs/api.md POST /api/order/list).
 * Failures stay quiet (docs/reply-codes.md): the list shows 'load failed — retry' inline.
 */
export function useOrders() {
  const [query, setQuery] = useState<OrdersQuery & { nonce: number }>({ pageNum: 1, orderNo: '', nonce: 0 });
  const [state, setState] = useState<OrdersState>({ status: 'loading', page: null });

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', page: s.page }));
    const body = { pageNum: query.pageNum, pageSize: ORDER_PAGE_SIZE, orderNo: query.orderNo };
    void post('/order/list', body, { silent: true, signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.kind === 'reply') {
        setState({ status: 'ready', page: result.data });
        return;
      }
      console.warn('order list failed', result.kind === 'business' ? result.result : result.kind);
      setState((s) => ({ status: 'failed', page: s.page }));
    });
    return () => controller.abort();
  }, [query]);

  return {
    query,
    state,
    /** A new search starts at page 1. */
    search: useCallback((orderNo: string) => setQuery((q) => ({ pageNum: 1, orderNo, nonce: q.nonce + 1 })), []),
    goTo: useCallback((pageNum: number) => setQuery((q) => ({ ...q, pageNum, nonce: q.nonce + 1 })), []),
    /** Same page and search again (after a payment, a cancel, or a failed load). */
    reload: useCallback(() => setQuery((q) => ({ ...q, nonce: q.nonce + 1 })), []),
  };
}
