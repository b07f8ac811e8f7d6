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

const TIMEOUT_MS = 30_000;
/** Long enough to read the success toast before leaving for /order. */
const LEAVE_DELAY_MS = 1500;

interface Texts {
  needLogin: string;
  failed: string;
  free: string;
  network: string;
  busy: string;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

async function createOrder(productId: number, productCode: string): Promise<CreateOutcome> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch('/api/order/create', {
      method: 'POST',
      headers,
      body: JSON.stringify({ productId, productCode }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body: unknown = await response.json().catch(() => null);
    const code = field(body, 'code');
    const result = field(body, 'result');
    return {
      kind: 'reply',
      status: response.status,
      code: typeof code === 'number' ? code : response.status,
      result: typeof result === 'string' ? result : '',
      data: field(body, 'data') ?? null,
    };
  } catch {
    return { kind: 'network' };
  }
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
