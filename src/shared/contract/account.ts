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
    description: z.string(),
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
export const sentCode = z.object({ resultCode: z.literal('1'), picCodeSessionId: z.string() });
export type SentCode = z.infer<typeof sentCode>;

/** /api/user/verify_email_code: the address the link verified. */
export const verifiedEmail = z.object({ email: z.string(), registered: z.boolean() });
export type VerifiedEmail = z.infer<typeof verifiedEmail>;

/** /api/wx/wxacoden: the login QR and the key its push socket accepts. */
export const loginQr = z.object({
  filePath: z.string(),
  qrcode: z.string().optional(),
  expiresIn: z.number(),
  sandbox: z.boolean(),
  listenKey: z.string().describe('the only key the push socket of this QR accepts'),
});
export type LoginQr = z.infer<typeof loginQr>;

/** The sandbox WeChat user a confirmed QR login pushed. */
export const sandboxIdentity = z.object({ identity: z.string() });
export type SandboxIdentity = z.infer<typeof sandboxIdentity>;
