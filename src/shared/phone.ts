/**
 * Mainland China mobile numbers (+86), the only ones sign-in accepts: 11 digits,
 * 1 then 3–9. Shared by the server (validation, masking) and the dialog.
 */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
/** What the API accepts: the 11 digits, bare or after +86 / 86. */
export const PHONE_INPUT = /^(\+?86)?1[3-9]\d{9}$/;

/** Length of an SMS code: digits only, typed from a text message. */
export const PHONE_CODE_LENGTH = 6;
/** Seconds between two codes to one number (the button counts them down). */
export const PHONE_RESEND_SECONDS = 60;

/** '+86 138-0000-0000', '8613800000000', '138 0000 0000' → '13800000000'; null when not a mainland mobile. */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/[\s()-]/g, '').replace(/^(\+?86)(?=1\d{10}$)/, '');
  return MAINLAND_MOBILE.test(digits) ? digits : null;
}

/** The dialog's rule for the number field: an i18n key, or null when it is fine. */
export function checkPhone(value: string): string | null {
  if (!value.trim()) return 'account:validation.phoneRequired';
  return normalizePhone(value) ? null : 'account:phone.invalid';
}

export function checkPhoneCode(value: string): string | null {
  if (!value.trim()) return 'account:validation.codeRequired';
  return /^\d{6}$/.test(value.trim()) ? null : 'account:phone.codeFormat';
}

/** 13800000000 → 138****0000: how a number appears in logs, the profile and the console. */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '****';
}
