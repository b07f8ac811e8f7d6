import { z } from '@hono/zod-openapi';

/** Replies of the account API (src/server/api/account): sign-in, codes, profile, WeChat QR login. */

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
    console: z.boolean().optional().openapi({ description: 'present (true) only for console accounts' }),
  })
  .openapi('UserInfo');
export type UserInfo = z.infer<typeof userInfo>;

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
