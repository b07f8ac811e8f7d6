import { z } from '@hono/zod-openapi';
import { CODE_PATTERN, EMAIL_MAX, EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN } from '../account-rules';
import { PHONE_INPUT } from '../phone';
import { INVITE_CODE_PATTERN } from '../referral';
import { keySchema, pattern, rawText, safeString, text } from './input';

/** Requests and replies of the account API (src/server/api/account): sign-in, codes, profile, WeChat QR login. */

const required = (key: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? key : 'validation.invalidType'),
});

export const email = safeString(required('account:validation.emailRequired'))
  .trim()
  .min(1, 'account:validation.emailRequired')
  .max(EMAIL_MAX, 'account:validation.emailFormat')
  .regex(EMAIL_PATTERN, 'account:validation.emailFormat');

export const loginPassword = safeString(required('account:validation.passwordRequired'))
  .min(1, 'account:validation.passwordRequired')
  .max(PASSWORD_MAX, 'account:validation.passwordTooLong');

export const newPassword = safeString(required('account:validation.passwordRequired'))
  .min(1, 'account:validation.passwordRequired')
  .min(PASSWORD_MIN, 'account:validation.passwordTooShort')
  .max(PASSWORD_MAX, 'account:validation.passwordTooLong');

export const code = safeString(required('account:validation.codeRequired'))
  .trim()
  .min(1, 'account:validation.codeRequired')
  .max(6, 'account:validation.codeFormat')
  .regex(CODE_PATTERN, 'account:validation.codeFormat');

export const codeType = z.enum(['register', 'reset', 'bind']);
export const qrcodeSocket = pattern(/^[0-9a-f]{16}$/, 16);
export const openId = pattern(/^[A-Za-z0-9_-]{6,64}$/, 64);
/** The invite code the browser kept from an invite link (docs/referral.md): recorded when the account is created. */
export const inviteCode = pattern(INVITE_CODE_PATTERN, 8, { trim: true });

export const sendCodeQuery = z.object({ email, type: codeType.default('register') });
export const verifyCodeBody = z.object({ email, code, type: codeType.default('register') });
export const registerBody = z.object({
  identity: email,
  password: newPassword,
  picCodeSessionId: pattern(/^[0-9a-f]{32}$/, 32),
  picVerificationCode: code,
  registerType: z.enum(['email', 'phone']).default('email'),
  inviteCode: inviteCode.optional(),
});
export const loginBody = z.object({ username: email, password: loginPassword });
export const openIdLoginBody = z.object({
  username: z.union([email, z.literal('')]).optional(),
  password: rawText(PASSWORD_MAX).optional(),
  openId,
  qrcodeSocket,
  inviteCode: inviteCode.optional(),
});
export const modifyPasswordBody = z.object({ identity: email, password: newPassword, picVerificationCode: code });
export const changePasswordBody = z.object({ oldPassword: loginPassword, password: newPassword });
export const bindEmailBody = z.object({ email, code, password: newPassword });
export const profileBody = z.object({
  nickname: safeString()
    .trim()
    .min(1, 'account:validation.nicknameRequired')
    .max(20, 'account:validation.nicknameTooLong')
    .optional(),
  description: text(100).optional(),
  /** data:image/…;base64,… at most 512 KB decoded (≈ 700,000 characters). */
  avatar: rawText(700_000).optional(),
});
/** A mainland mobile number, bare or after +86 (the server keeps the 11 digits). */
export const phone = safeString(required('account:validation.phoneRequired'))
  .trim()
  .min(1, 'account:validation.phoneRequired')
  .max(14, 'account:phone.invalid')
  .regex(PHONE_INPUT, 'account:phone.invalid');
export const phoneCode = safeString(required('account:validation.codeRequired'))
  .trim()
  .min(1, 'account:validation.codeRequired')
  .max(6, 'account:phone.codeFormat')
  .regex(/^\d{6}$/, 'account:phone.codeFormat');
/** login: anyone; bind (to the new number) and delete (to the account's own) need the login. */
export const phoneCodeBody = z.object({
  phone: phone.optional(),
  purpose: z.enum(['login', 'bind', 'delete']).default('login'),
});
export const phoneLoginBody = z.object({ phone, code: phoneCode, inviteCode: inviteCode.optional() });
export const phoneBindBody = z.object({ phone, code: phoneCode });
/** POST /api/user/phone/code: sent; the button waits `seconds` before another. */
export const sentPhoneCode = z.object({ seconds: z.number().int() });

export const deleteAccountBody = z.object({
  password: rawText(PASSWORD_MAX).optional(),
  /** An account with neither password nor WeChat proves itself with a 'delete' code sent to its phone. */
  phoneCode: phoneCode.optional(),
  /** A WeChat-only account proves itself by a fresh scan: the QR login's socket and the openId it pushed. */
  qrcodeSocket: qrcodeSocket.optional(),
  openId: openId.optional(),
  confirm: z.literal(true),
});

/** The signed-in account, as /api/user/info and the profile changes return it. */
export const userInfo = z
  .object({
    baseUserId: z.number().int(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    nickname: z.string(),
    avatarUrl: z.string().nullable(),
    /** The server fills in 默认用户 (in the request's language) when empty. */
    description: z.string(),
    /** null: no membership. */
    vipType: z.number().int().nullable(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    plusType: z.number().int().nullable(),
    startDatePlus: z.string().nullable(),
    endDatePlus: z.string().nullable(),
    hasPassword: z.boolean(),
    wechatBound: z.boolean(),
    /** The bound number, masked (138****0000); null: none. */
    phone: z.string().nullable(),
    console: z.boolean().optional().openapi({ description: 'present (true) only for console accounts' }),
  })
  .openapi('UserInfo');
export type UserInfo = z.infer<typeof userInfo>;

/** GET /api/user/export: the account's personal data, for its owner (PIPL access and copy). */
export const accountExport = z
  .object({
    exportedAt: z.string(),
    account: z.object({
      id: z.number().int(),
      email: z.string().nullable(),
      /** The number in full: the owner's own copy. */
      phone: z.string().nullable(),
      wechatBound: z.boolean(),
      nickname: z.string().nullable(),
      description: z.string().nullable(),
      avatarUrl: z.string().nullable(),
      language: z.string(),
      createdAt: z.string(),
    }),
    signIns: z.array(z.object({ at: z.string(), method: z.string(), success: z.boolean(), ip: z.string().nullable() })),
    /** The generation records kept about the account (docs/retention.md), newest first. */
    generations: z.array(
      z.object({ at: z.string(), kind: z.string(), prompt: z.string().nullable(), outputRef: z.string().nullable() }),
    ),
  })
  .openapi('AccountExport');

/** A session token (login, register-and-login, password change). */
export const token = z.object({ token: z.string() });
export type Token = z.infer<typeof token>;

/** /api/user/getEmailVerifycode: the code was sent. */
export const sentCode = z.object({
  resultCode: z.literal('1'),
  /** Ties the register request to the code that was sent. */
  picCodeSessionId: z.string(),
});
export type SentCode = z.infer<typeof sentCode>;

/** /api/user/verify_email_code: the address the link verified. */
export const verifiedEmail = z.object({ email: z.string(), registered: z.boolean() });
export type VerifiedEmail = z.infer<typeof verifiedEmail>;

/** /api/wx/wxacoden: the login QR and the key its push socket accepts. */
export const loginQr = z.object({
  /** The QR image, a data: URL. */
  filePath: z.string(),
  /** The text the QR encodes (the sandbox confirmation page). */
  qrcode: z.string().optional(),
  /** Seconds until the QR stops working. */
  expiresIn: z.number(),
  /** The sandbox stands in for WeChat; the dialog says so. */
  sandbox: z.boolean(),
  listenKey: z.string().describe('the only key the push socket of this QR accepts'),
});
export type LoginQr = z.infer<typeof loginQr>;

/** The sandbox WeChat user a confirmed QR login pushed. */
export const sandboxIdentity = z.object({ identity: z.string() });
export type SandboxIdentity = z.infer<typeof sandboxIdentity>;

/** POST /api/wx/wxacoden: the socket id the page listens on. */
export const loginQrBody = z.object({ qrcodeSocket });
/** The path of the sandbox's QR confirmation routes. */
export const qrcodeSocketParam = z.object({ qrcodeSocket });
const qrKey = keySchema.describe('the one-time key from the QR link');
/** Sandbox: confirm a QR login as the phone's sandbox WeChat user (or a new one). */
export const sandboxConfirmBody = z.object({
  key: qrKey,
  identity: keySchema.nullish().describe("the phone's sandbox WeChat user from an earlier confirm; absent: a new user"),
});
/** Sandbox: whether a QR's key still confirms its login. */
export const sandboxCheckBody = z.object({ key: qrKey });
/** The QR waits for this confirmation. */
export const qrPending = z.object({ pending: z.literal(true) });
export type QrPending = z.infer<typeof qrPending>;

// WeChat signs every call to the server URL with the same three query fields.
// Missing ones read as '' so an unsigned call fails the signature (403), not validation.
const signedQuery = {
  signature: rawText(64).default(''),
  timestamp: rawText(16).default(''),
  nonce: rawText(64).default(''),
};
/** GET /api/wx/callback: WeChat's server URL check. */
export const wechatVerifyQuery = z.object({ ...signedQuery, echostr: rawText(256).default('') });
/** POST /api/wx/callback: the query of an event push. */
export const wechatEventQuery = z.object({
  ...signedQuery,
  openid: rawText(64).optional(),
  encrypt_type: rawText(16).optional(),
  msg_signature: rawText(64).optional(),
});
/** The largest event push read (bytes): WeChat's are a few hundred; anything far larger is not from WeChat. */
export const MAX_EVENT_XML = 64 * 1024;
/** The event push's XML body. */
export const wechatEventXml = rawText(MAX_EVENT_XML);
