/**
 * /emailValidation, framework-free. The page is one shell for every link: the
 * address, code and kind come from the query here, never from the server.
 * A complete link posts its code to /api/user/verify_email_code and reveals
 * the matching outcome block that the server rendered hidden. The continue
 * buttons open the account dialog on the right tab, with the e-mail (and
 * code) filled in.
 */
import { post, serverText } from '../../../lib/api';
import { isLoginTab, openLogin } from '../../../lib/login-event';
import { checkCode, checkEmail } from '../../../shared/account-rules';

const TYPES = ['register', 'reset', 'bind'] as const;
type Purpose = (typeof TYPES)[number];
const isPurpose = (type: string): type is Purpose => (TYPES as readonly string[]).includes(type);

type Outcome = 'login' | 'register' | 'reset' | 'bind' | 'failed';

function outcomeOf(type: string, registered: boolean): Outcome {
  if (type === 'reset' || type === 'bind') return type;
  return registered ? 'login' : 'register';
}

async function verify(email: string, code: string, type: string): Promise<{ outcome: Outcome; message: string }> {
  if (!isPurpose(type)) return { outcome: 'failed', message: '' };
  const result = await post('/user/verify_email_code', { email, code, type }, { silent: true });
  if (result.kind === 'reply') return { outcome: outcomeOf(type, result.data.registered), message: '' };
  return { outcome: 'failed', message: serverText(result) };
}

/** What the link asks: a code to verify, a registered address's login link, or an incomplete link. */
export function readLink(search: string) {
  const query = new URLSearchParams(search);
  const email = query.get('email') ?? '';
  const code = query.get('code') ?? '';
  const type = query.get('type') ?? 'register';
  const valid = checkEmail(email) === null && checkCode(code) === null && isPurpose(type);
  // The link of the mail a registered address gets instead of a code: login or reset, address filled in.
  const account = type === 'login' && checkEmail(email) === null;
  return {
    state: valid ? ('checking' as const) : account ? ('account' as const) : ('invalid' as const),
    email: valid || account ? email.trim() : '',
    code: valid ? code.trim() : '',
    type,
  };
}

export async function initEmailValidation(root: HTMLElement): Promise<void> {
  const { state, email, code, type } = readLink(location.search);
  const withEmail = (node: HTMLElement | null) => {
    if (node) node.textContent = (node.dataset.text ?? '').replace('{email}', email);
  };
  if (state === 'account') {
    const title = root.querySelector('h1');
    if (title) title.textContent = root.dataset.accountTitle ?? title.textContent;
    withEmail(root.querySelector<HTMLElement>('[data-state="account"]'));
    root.querySelector<HTMLElement>('[data-when="account"]')?.removeAttribute('hidden');
  }
  if (state !== 'checking') root.querySelector<HTMLElement>('[data-unless="valid"]')?.removeAttribute('hidden');
  withEmail(root.querySelector<HTMLElement>('[data-success]'));
  root.querySelector<HTMLElement>(`[data-state="${state}"]`)?.removeAttribute('hidden');

  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-tab]')) {
    const { tab } = button.dataset;
    if (!isLoginTab(tab)) continue;
    // The code goes along where it is needed next; a plain login needs only the address.
    const withCode = tab === 'register' || tab === 'reset' || tab === 'bind';
    button.addEventListener('click', () => openLogin(withCode ? { tab, email, code } : { tab, email }));
  }
  if (state !== 'checking') return;

  const { outcome, message } = await verify(email, code, type);
  root.querySelector<HTMLElement>('[data-state="checking"]')?.setAttribute('hidden', '');
  const block = root.querySelector<HTMLElement>(`[data-outcome="${outcome}"]`);
  if (!block) return;
  const text = block.querySelector<HTMLElement>('[data-message]');
  if (text && message) text.textContent = message;
  block.hidden = false;
  if (outcome !== 'failed') root.querySelector<HTMLElement>('[data-verified]')?.removeAttribute('hidden');
}
