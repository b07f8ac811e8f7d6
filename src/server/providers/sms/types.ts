export interface SmsCode {
  /** A mainland mobile number, 11 digits (services/account/phone-number.ts checked it). */
  phone: string;
  /** The template's one parameter. */
  code: string;
  /** The text the outbox writes; the real services send their approved template instead. */
  text: string;
}

export interface SmsProvider {
  /** outbox: written to DATA_DIR/sms-outbox, nothing sent; off: the site offers no phone features. */
  mode: 'outbox' | 'aliyun' | 'tencent' | 'off';
  /** Resolves once the service accepted the message; rejects with its refusal. */
  sendCode(message: SmsCode): Promise<void>;
}

/** A refusal by the SMS service (bad signature, template, balance…), with its own code. */
export class SmsError extends Error {
  constructor(
    readonly provider: string,
    readonly code: string,
    message: string,
  ) {
    super(`${provider} SMS refused (${code}): ${message}`);
  }
}
