/**
 * The sandbox pay page (src/pages/pay/sandbox/[orderNo].astro), a shell kept
 * by the page cache: asks POST /api/pay/sandbox/{orderNo}/view with the
 * link's one-time key whether it shows an order, fills it in, then its buttons
 * POST .../confirm|cancel with the key and say what happened.
 */
import { post, serverText, successData } from '../../lib/api';
import type { SandboxOrderView } from '../../shared/contract/shop';
import { OrderStatus } from '../../shared/shop';
import { ORDER_NO_PATTERN, yuan } from './format';

/** The order the link's key shows, or null (wrong or used key, unknown order, no sandbox, no network). */
async function view(orderNo: string, key: string): Promise<SandboxOrderView | null> {
  const result = await post(`/pay/sandbox/${encodeURIComponent(orderNo)}/view`, { key }, { silent: true });
  // The address also fits /pay/sandbox/{orderNo}/{action}: only the view's reply names the product.
  return result.kind === 'reply' && 'product' in result.data ? result.data : null;
}

const isPaid = (status: number) => status === OrderStatus.PAID || status === OrderStatus.FREE;
const PAID_CLASSES = ['text-emerald-700', 'dark:text-emerald-400'];
const PLAIN_CLASSES = ['text-slate-700', 'dark:text-slate-300'];

function showResult(output: HTMLElement, text: string, paid: boolean) {
  output.textContent = text;
  for (const c of PAID_CLASSES) output.classList.toggle(c, paid);
  for (const c of PLAIN_CLASSES) output.classList.toggle(c, !paid);
}

type Action = 'confirm' | 'cancel';

async function send(orderNo: string, key: string, action: Action): Promise<{ status: number | null; result: string }> {
  const result = await post(`/pay/sandbox/${encodeURIComponent(orderNo)}/${action}`, { key }, { silent: true });
  return { status: successData(result)?.orderStatus ?? null, result: serverText(result) };
}

/** Shows the order the link's key opens (or 'invalid link') and wires its buttons. */
export async function initSandboxPay(root: ParentNode = document): Promise<void> {
  const section = root.querySelector<HTMLElement>('[data-sandbox-pay]');
  const notFound = root.querySelector<HTMLElement>('[data-sandbox-not-found]');
  const actions = section?.querySelector<HTMLElement>('[data-actions]');
  const output = section?.querySelector<HTMLElement>('[data-result]');
  if (!section || !notFound || !actions || !output || !notFound.hidden) return;
  const orderNo = location.pathname.split('/').pop() ?? '';
  const key = new URLSearchParams(location.search).get('key') ?? '';
  const order = key && ORDER_NO_PATTERN.test(orderNo) ? await view(orderNo, key) : null;
  if (!order) {
    document.title = section.dataset.notFoundTitle ?? document.title;
    notFound.hidden = false;
    return;
  }
  const fill = (selector: string, text: string) => {
    const node = section.querySelector<HTMLElement>(selector);
    if (node) node.textContent = text;
  };
  fill('[data-amount]', yuan(order.orderPrice));
  fill('[data-product]', order.product);
  fill('[data-order-no]', order.orderNo);
  const status = order.orderStatus;
  const payable = status === OrderStatus.TO_PAY || status === OrderStatus.PAYING;
  if (isPaid(status)) showResult(output, section.dataset.msgAlreadyPaid ?? '', true);
  else if (!payable) {
    const closed = JSON.parse(section.dataset.closed ?? '{}') as Record<string, string>;
    showResult(output, closed[status] ?? actions.dataset.msgFailed ?? '', false);
  }
  actions.hidden = !payable;
  section.hidden = false;
  if (!payable) actions.remove();
  else wireActions(actions, output, orderNo, key);
}

function wireActions(actions: HTMLElement, output: HTMLElement, orderNo: string, key: string) {
  const msg = actions.dataset;
  const buttons = [...actions.querySelectorAll<HTMLButtonElement>('button[data-action]')];

  const run = async (action: Action) => {
    for (const button of buttons) button.disabled = true;
    output.textContent = msg.msgWorking ?? '';
    const { status, result } = await send(orderNo, key, action);
    const done =
      status !== null && isPaid(status)
        ? msg.msgPaid
        : status !== null && status !== OrderStatus.PAYING && status !== OrderStatus.TO_PAY
          ? msg.msgCancelled
          : undefined;
    if (done) {
      actions.remove();
      showResult(output, done, status !== null && isPaid(status));
      return;
    }
    output.textContent = result || msg.msgFailed || '';
    for (const button of buttons) button.disabled = false;
  };

  for (const button of buttons) {
    button.addEventListener('click', () => void run(button.dataset.action === 'cancel' ? 'cancel' : 'confirm'));
  }
}
