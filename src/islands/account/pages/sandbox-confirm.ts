/**
 * The sandbox WeChat confirmation page, framework-free. The page is one shell
 * for every QR: the QR and its one-time key come from the address, and POST
 * /api/wx/sandbox/{qrcodeSocket}/check says whether the key still confirms
 * (else 'expired'). 'Confirm login' posts .../confirm with the key, which
 * pushes the login to the browser showing the QR code.
 *
 * The phone plays one WeChat user: the server hands it an identity on its
 * first confirm, kept here in local storage and sent with later confirms
 * (the openId is derived from it on the server). 'A new WeChat user'
 * confirms without it.
 */
import { post, serverText, successData } from '../../../lib/api';

/** Local-storage key of this phone's sandbox WeChat user. */
export const IDENTITY_KEY = 'wxSandboxIdentity';

function storedIdentity(): string | null {
  try {
    return localStorage.getItem(IDENTITY_KEY);
  } catch {
    return null;
  }
}

function keepIdentity(identity: string) {
  try {
    localStorage.setItem(IDENTITY_KEY, identity);
  } catch {
    // Private mode: the next confirm plays a new user.
  }
}

/** Whether the QR waits for this key's confirmation (business success); any failure reads as expired. */
async function pending(qrcodeSocket: string, key: string): Promise<boolean> {
  const result = await post(`/wx/sandbox/${encodeURIComponent(qrcodeSocket)}/check`, { key }, { silent: true });
  return successData(result)?.pending === true;
}

async function confirm(
  qrcodeSocket: string,
  key: string,
  identity: string | null,
): Promise<{ ok: boolean; message: string }> {
  const body = identity ? { key, identity } : { key };
  const result = await post(`/wx/sandbox/${encodeURIComponent(qrcodeSocket)}/confirm`, body, { silent: true });
  const data = successData(result);
  if (data) keepIdentity(data.identity);
  return { ok: data !== undefined, message: serverText(result) };
}

export async function initSandboxConfirm(root: HTMLElement): Promise<void> {
  const qrcodeSocket = location.pathname.split('/').pop() ?? '';
  const key = new URLSearchParams(location.search).get('key') ?? '';
  const ok = /^[0-9a-f]{16}$/.test(qrcodeSocket) && key !== '' && (await pending(qrcodeSocket, key));
  root.querySelector<HTMLElement>(ok ? '[data-pending]' : '[data-invalid]')?.removeAttribute('hidden');
  if (ok) wire(root, qrcodeSocket, key);
}

function wire(root: HTMLElement, qrcodeSocket: string, key: string): void {
  const button = root.querySelector<HTMLButtonElement>('[data-confirm]');
  const newUser = root.querySelector<HTMLButtonElement>('[data-new-user]');
  const who = root.querySelector<HTMLElement>('[data-who]');
  const result = root.querySelector<HTMLElement>('[data-result]');
  const { confirmingLabel = '', failedText = '', doneText = '', knownText = '' } = root.dataset;
  if (!button || !newUser || !result) return;
  const known = storedIdentity();
  if (known) {
    newUser.hidden = false;
    if (who) who.textContent = knownText;
  }

  const run = async (clicked: HTMLButtonElement, identity: string | null) => {
    const label = clicked.textContent ?? '';
    button.disabled = true;
    newUser.disabled = true;
    clicked.textContent = confirmingLabel;
    const { ok, message } = await confirm(qrcodeSocket, key, identity);
    result.textContent = message || (ok ? doneText : failedText);
    result.dataset.state = ok ? 'done' : 'failed';
    clicked.textContent = label;
    if (ok) {
      button.hidden = true;
      newUser.hidden = true;
      return;
    }
    button.disabled = false;
    newUser.disabled = false;
  };

  button.addEventListener('click', () => void run(button, known));
  newUser.addEventListener('click', () => void run(newUser, null));
}
