/**
 * The buttons of the sandbox pay page (src/pages/pay/sandbox/[orderNo].astro):
 * POST /api/pay/sandbox/{orderNo}/confirm|cancel with the link's one-time key and say what happened.
 */
import { OrderStatus } from '../../shared/shop';

type Action = 'confirm' | 'cancel';

async function send(orderNo: string, key: string, action: Action): Promise<{ status: number | null; result: string }> {
  try {
    const response = await fetch(`/api/pay/sandbox/${encodeURIComponent(orderNo)}/${action}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ key }),
    });
    const body = (await response.json().catch(() => null)) as {
      code?: unknown;
      result?: unknown;
      data?: { orderStatus?: unknown } | null;
    } | null;
    const status = body?.data?.orderStatus;
    return {
      status: response.ok && typeof status === 'number' ? status : null,
      result: typeof body?.result === 'string' ? body.result : '',
    };
  } catch {
    return { status: null, result: '' };
  }
}

export function initSandboxPay(root: ParentNode = document): void {
  const section = root.querySelector<HTMLElement>('[data-sandbox-pay]');
  const actions = section?.querySelector<HTMLElement>('[data-actions]');
  const output = section?.querySelector<HTMLElement>('[data-result]');
  if (!section || !actions || !output) return;
  const orderNo = section.dataset.orderNo ?? '';
  const key = section.dataset.key ?? '';
  const msg = actions.dataset;
  const buttons = [...actions.querySelectorAll<HTMLButtonElement>('button[data-action]')];

  const run = async (action: Action) => {
    for (const button of buttons) button.disabled = true;
    output.textContent = msg.msgWorking ?? '';
    const { status, result } = await send(orderNo, key, action);
    const done =
      status === OrderStatus.PAID || status === OrderStatus.FREE
        ? msg.msgPaid
        : status !== null && status !== OrderStatus.PAYING && status !== OrderStatus.TO_PAY
          ? msg.msgCancelled
          : undefined;
    if (done) {
      actions.remove();
      output.textContent = done;
      output.classList.toggle('text-emerald-700', status === OrderStatus.PAID || status === OrderStatus.FREE);
      return;
    }
    output.textContent = result || msg.msgFailed || '';
    for (const button of buttons) button.disabled = false;
  };

  for (const button of buttons) {
    button.addEventListener('click', () => void run(button.dataset.action === 'cancel' ? 'cancel' : 'confirm'));
  }
}
