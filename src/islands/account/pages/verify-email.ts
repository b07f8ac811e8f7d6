/**
 * /emailValidation, framework-free: posts the link's code to
 * /api/user/verify_email_code and reveals the matching outcome block that the
 * server rendered hidden. The continue buttons open the account dialog on
 * the right tab, with the e-mail (and code) filled in.
 */
import { isLoginTab, openLogin } from '../../../lib/login-event';

interface VerifyReply {
  code?: number;
  result?: string;
  data?: { registered?: boolean } | null;
}

type Outcome = 'login' | 'register' | 'reset' | 'bind' | 'failed';

function outcomeOf(type: string, registered: boolean): Outcome {
  if (type === 'reset' || type === 'bind') return type;
  return registered ? 'login' : 'register';
}

async function verify(email: string, code: string, type: string): Promise<{ outcome: Outcome; message: string }> {
  try {
    const response = await fetch('/api/user/verify_email_code', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, code, type }),
    });
    const reply = (await response.json()) as VerifyReply;
    if (response.ok && reply.code === 200)
      return { outcome: outcomeOf(type, reply.data?.registered === true), message: '' };
    return { outcome: 'failed', message: reply.result ?? '' };
  } catch {
    return { outcome: 'failed', message: '' };
  }
}

export async function initEmailValidation(root: HTMLElement): Promise<void> {
  const { email = '', code = '', type = 'register' } = root.dataset;
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-tab]')) {
    const { tab } = button.dataset;
    if (!isLoginTab(tab)) continue;
    // The code goes along where it is needed next; a plain login needs only the address.
    const withCode = tab === 'register' || tab === 'reset' || tab === 'bind';
    button.addEventListener('click', () => openLogin(withCode ? { tab, email, code } : { tab, email }));
  }
  if (!email || !code) return;

  const { outcome, message } = await verify(email, code, type);
  root.querySelector<HTMLElement>('[data-checking]')?.setAttribute('hidden', '');
  const block = root.querySelector<HTMLElement>(`[data-outcome="${outcome}"]`);
  if (!block) return;
  const text = block.querySelector<HTMLElement>('[data-message]');
  if (text && message) text.textContent = message;
  block.hidden = false;
  if (outcome !== 'failed') root.querySelector<HTMLElement>('[data-verified]')?.removeAttribute('hidden');
}
