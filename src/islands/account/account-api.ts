/** The account calls of docs/api.md used by the login and profile dialogs. */
import { type ApiResult, get, post } from '../../lib/api';
import { forgetInvite, keptInvite } from '../../lib/invite';

export type CodePurpose = 'register' | 'reset' | 'bind';

export type { LoginQr, SentCode, Token } from '../../shared/contract/account';

/** Silent: the code button shows its own texts (docs/reply-codes.md). */
export const requestCode = (email: string, type: CodePurpose) =>
  get('/user/getEmailVerifycode', { email: email.trim(), type }, { silent: true });

export const loginWithEmail = (username: string, password: string) =>
  post('/user/login/email', { username: username.trim(), password });

export const register = (p: { email: string; password: string; code: string; sessionId: string }) =>
  post('/user/register/email', {
    identity: p.email.trim(),
    password: p.password,
    picCodeSessionId: p.sessionId,
    picVerificationCode: p.code.trim(),
    registerType: 'email',
    inviteCode: keptInvite(),
  }).then(signedUp);

export const resetPassword = (p: { email: string; password: string; code: string }) =>
  post('/user/password/modify', {
    identity: p.email.trim(),
    password: p.password,
    picVerificationCode: p.code.trim(),
  });

/** Answers with code 1000000 (not 200), so success arrives as a `business` result. */
export const requestLoginQr = (qrcodeSocket: string) => post('/api/wx/wxacoden', { qrcodeSocket }, { silent: true });

export const loginWithOpenId = (openId: string, qrcodeSocket: string) =>
  post('/user/login/openid', { openId, qrcodeSocket, inviteCode: keptInvite() }).then(signedUp);

/** An invite is sent with the first sign-up that succeeds, then forgotten (docs/referral.md). */
function signedUp<T extends { ok: boolean }>(res: T): T {
  if (res.ok) forgetInvite();
  return res;
}

export type PhoneCodePurpose = 'login' | 'bind' | 'delete';

/** Silent: the phone code button shows its own texts. A deletion's code goes to the account's own number. */
export const requestPhoneCode = (purpose: PhoneCodePurpose, phone?: string) =>
  post('/user/phone/code', phone ? { phone: phone.replace(/[\s-]/g, ''), purpose } : { purpose }, { silent: true });

export const loginWithPhone = (phone: string, code: string) =>
  post('/user/login/phone', { phone: phone.replace(/[\s-]/g, ''), code: code.trim(), inviteCode: keptInvite() }).then(
    signedUp,
  );

export const bindPhone = (phone: string, code: string) =>
  post('/user/phone/bind', { phone: phone.replace(/[\s-]/g, ''), code: code.trim() });

/** The account's personal data as JSON (the phone number in full), saved as a file. */
export async function downloadMyData(): Promise<ApiResult<unknown>> {
  const result = await get('/user/export');
  if (result.kind !== 'reply') return result;
  const url = URL.createObjectURL(new Blob([JSON.stringify(result.data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `miaobi-account-${result.data.account.id}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return result;
}

export const logout = () => post('/user/logout', undefined, { silent: true });

export const saveProfile = (p: { nickname?: string; description?: string; avatar?: string }) =>
  post('/user/profile', p);

export const changePassword = (oldPassword: string, password: string) =>
  post('/user/password/change', { oldPassword, password });

export const bindEmail = (p: { email: string; code: string; password: string }) =>
  post('/user/email/bind', { email: p.email.trim(), code: p.code.trim(), password: p.password });

export const deleteAccount = (proof: { password?: string; phoneCode?: string }) =>
  post('/user/delete', { confirm: true, ...proof });

/** A WeChat-only account's deletion, proven by a fresh scan (its failure shows on the QR, not as a toast). */
export const deleteAccountByScan = (scan: { openId: string; qrcodeSocket: string }) =>
  post('/user/delete', { confirm: true, ...scan }, { silent: true });

/** The server's text for a failed call, '' when it sent none. */
export function failureText(result: ApiResult<unknown>): string {
  if (result.kind === 'business') return result.result;
  if (result.kind === 'reply' || result.kind === 'text') return '';
  return result.message;
}

/** 16 random hex characters: the unguessable key of one QR login (docs/api.md). */
export function newQrcodeSocket(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
