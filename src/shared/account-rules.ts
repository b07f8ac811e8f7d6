/**
 * Account input rules of docs/validation-and-limits.md, shared by the login dialog and the API so
 * both say the same thing. Each check returns an i18n key (account
 * namespace) or null when the value is fine.
 */
export const EMAIL_MAX = 254;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const CODE_PATTERN = /^[A-Za-z0-9]{6}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
/** Seconds before another code may be sent (docs/state-machines.md, docs/validation-and-limits.md). */
export const CODE_RESEND_SECONDS = 119;

export type RuleKey = `account:validation.${string}`;

export function checkEmail(value: string): RuleKey | null {
  const v = value.trim();
  if (!v) return 'account:validation.emailRequired';
  if (v.length > EMAIL_MAX || !EMAIL_PATTERN.test(v)) return 'account:validation.emailFormat';
  return null;
}

export function checkLoginPassword(value: string): RuleKey | null {
  if (!value) return 'account:validation.passwordRequired';
  if (value.length > PASSWORD_MAX) return 'account:validation.passwordTooLong';
  return null;
}

export function checkNewPassword(value: string): RuleKey | null {
  if (!value) return 'account:validation.passwordRequired';
  if (value.length < PASSWORD_MIN) return 'account:validation.passwordTooShort';
  if (value.length > PASSWORD_MAX) return 'account:validation.passwordTooLong';
  return null;
}

export function checkRepeat(value: string, password: string): RuleKey | null {
  if (!value) return 'account:validation.repeatRequired';
  if (value !== password) return 'account:validation.repeatMismatch';
  return null;
}

export function checkCode(value: string): RuleKey | null {
  const v = value.trim();
  if (!v) return 'account:validation.codeRequired';
  if (!CODE_PATTERN.test(v)) return 'account:validation.codeFormat';
  return null;
}
