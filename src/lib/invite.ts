import { INVITE_CODE_PATTERN } from '../shared/referral';

/** Where the browser keeps the code of the invite link it arrived by, until an account is created. */
const KEY = 'miaobi.invite';

/**
 * Keeps a well-formed `?invite=` code of the address (docs/referral.md).
 * Self-contained: it runs inline in the head script (src/lib/head-script.ts),
 * so the key and pattern are written out here, equal to KEY and INVITE_CODE_PATTERN
 * (tests/unit/invite-link.test.ts).
 */
export function keepInvite(search: string): void {
  const code = new URLSearchParams(search).get('invite');
  if (!code || !/^[A-HJ-NP-Z2-9]{8}$/.test(code)) return;
  try {
    localStorage.setItem('miaobi.invite', code);
  } catch {
    // Storage blocked: the invite is lost, the visit goes on.
  }
}

/** The kept invite code, sent with a registration or a WeChat sign-up; undefined when none holds. */
export function keptInvite(): string | undefined {
  try {
    const code = localStorage.getItem(KEY) ?? '';
    return INVITE_CODE_PATTERN.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the invite once an account was made or entered: it is recorded, or it was for no new account. */
export function forgetInvite(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/** The invite link of a code on this site. */
export const inviteLink = (origin: string, code: string) => `${origin}/chat?invite=${code}`;
