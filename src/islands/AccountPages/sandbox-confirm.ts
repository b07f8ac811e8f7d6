/**
 * The sandbox WeChat confirmation page, framework-free: 'confirm login'
 * posts /api/wx/sandbox/{qrcodeSocket}/confirm, which pushes the login to
 * the browser showing the QR code, and shows the server's answer.
 */
const SUCCESS = 1_000_000;

interface ConfirmReply {
  code?: number;
  result?: string;
}

async function confirm(qrcodeSocket: string): Promise<{ ok: boolean; message: string }> {
  try {
    const response = await fetch(`/api/wx/sandbox/${encodeURIComponent(qrcodeSocket)}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const reply = (await response.json()) as ConfirmReply;
    return { ok: response.ok && reply.code === SUCCESS, message: reply.result ?? '' };
  } catch {
    return { ok: false, message: '' };
  }
}

export function initSandboxConfirm(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('[data-confirm]');
  const result = root.querySelector<HTMLElement>('[data-result]');
  const { qrcodeSocket = '', confirmingLabel = '', failedText = '', doneText = '' } = root.dataset;
  if (!button || !result) return;
  const label = button.textContent ?? '';

  button.addEventListener('click', async () => {
    button.disabled = true;
    button.textContent = confirmingLabel;
    const { ok, message } = await confirm(qrcodeSocket);
    result.textContent = message || (ok ? doneText : failedText);
    result.dataset.state = ok ? 'done' : 'failed';
    if (ok) {
      button.hidden = true;
      return;
    }
    button.disabled = false;
    button.textContent = label;
  });
}
