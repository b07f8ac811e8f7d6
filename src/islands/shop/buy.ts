/**
 * The /product buy buttons, framework-free so the page stays within its
 * budget (bench/RESULTS.md). Dialogs (pay, unpaid twin) live in a React island that
 * loads only when PAY_ORDER_EVENT first fires.
 */

import { openLogin } from '../../lib/login-event';
import { toast } from '../../lib/toast';
import { getToken, removeToken } from '../../stores/auth';
import { type BuyAction, type CreateOutcome, decideBuy } from './buy-decision';
import { announceUserChanged, ordersUrl, requestPayment } from './events';

/** Long enough to read the success toast before leaving for /order. */
const LEAVE_DELAY_MS = 1500;

interface Texts {
  needLogin: string;
  failed: string;
  free: string;
  network: string;
  busy: string;
}

/**
 * Silent: the page shows its own texts; a business refusal's data (the unpaid twin) goes to decideBuy as is.
 * The API client (with its locales) loads at the first click, so the page's first load stays as light as before.
 */
async function createOrder(productId: number, productCode: string): Promise<CreateOutcome> {
  const api = await import('../../lib/api').catch(() => null);
  if (!api) return { kind: 'network' };
  const { post, serverText } = api;
  const result = await post('/order/create', { productId, productCode }, { silent: true });
  if (result.kind === 'reply' || result.kind === 'business') {
    const { status, code, data } = result;
    return { kind: 'reply', status, code, result: result.result, data };
  }
  if (result.kind === 'http') {
    const status = result.status ?? 0;
    return { kind: 'reply', status, code: result.code, result: serverText(result), data: result.reply?.data ?? null };
  }
  if (result.kind === 'text')
    return { kind: 'reply', status: result.status, code: result.status, result: '', data: null };
  return { kind: 'network' };
}

function act(action: BuyAction, texts: Texts): void {
  switch (action.kind) {
    case 'login':
      // An expired token answers 401: forget it so the login dialog starts clean.
      if (getToken()) removeToken();
      toast.warning(texts.needLogin);
      openLogin();
      return;
    case 'pay':
      requestPayment({ order: action.order, duplicate: action.duplicate });
      return;
    case 'free':
      toast.success(texts.free.replace('{{desc}}', action.order.orderDesc));
      announceUserChanged();
      setTimeout(() => location.assign(ordersUrl()), LEAVE_DELAY_MS);
      return;
    case 'warn':
      toast.warning(action.text);
      return;
    case 'network':
      toast.error(texts.network);
      return;
    case 'fail':
      toast.error(action.text ?? texts.failed);
  }
}

async function buy(button: HTMLButtonElement, texts: Texts): Promise<void> {
  const productId = Number(button.dataset.productId);
  const productCode = button.dataset.productCode ?? '';
  const labelEl = button.querySelector('[data-label]') ?? button;
  const label = labelEl.textContent ?? '';
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  labelEl.textContent = texts.busy;
  try {
    act(decideBuy(await createOrder(productId, productCode)), texts);
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
    labelEl.textContent = label;
  }
}

/** Wires every `[data-buy]` button inside `[data-shop-buy]`, whose data-msg-* attributes carry the texts. */
export function initBuyButtons(root: ParentNode = document): void {
  const host = root.querySelector<HTMLElement>('[data-shop-buy]');
  if (!host) return;
  const data = host.dataset;
  const texts: Texts = {
    needLogin: data.msgLogin ?? '',
    failed: data.msgFailed ?? '',
    free: data.msgFree ?? '',
    network: data.msgNetwork ?? '',
    busy: data.msgBusy ?? '',
  };
  host.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-buy]') : null;
    if (button && !button.disabled) void buy(button, texts);
  });
  // Lets tests (and anyone curious) know the buttons are live.
  host.dataset.buyReady = '';
}
