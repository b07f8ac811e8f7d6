import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { Code } from '../../lib/codes';
import { wxLogins } from '../db/schema';
import { LOGIN_QR_TTL_SECONDS } from '../providers/wechat/types';
import type { Runtime } from '../runtime';

export const QRCODE_SOCKET = /^[0-9a-f]{16}$/;

/** Starts (or restarts) a QR login for the browser's qrcodeSocket and returns its QR. */
export async function createLoginQr(rt: Runtime, qrcodeSocket: string) {
  const qr = await rt.wechat.createLoginQr(qrcodeSocket);
  const expiresAt = new Date(Date.now() + LOGIN_QR_TTL_SECONDS * 1000);
  await rt.database.db
    .insert(wxLogins)
    .values({ qrcodeSocket, expiresAt })
    // A refresh of the same socket restarts it, unless it was already used.
    .onConflictDoUpdate({
      target: wxLogins.qrcodeSocket,
      set: { expiresAt, openId: null, confirmedAt: null },
      setWhere: isNull(wxLogins.consumedAt),
    });
  return qr;
}

/**
 * WeChat (or the sandbox) says openId scanned the QR of qrcodeSocket: record
 * it and push the login message to the waiting browser. False when the QR is
 * unknown, expired or used.
 */
export async function confirmWechatLogin(rt: Runtime, qrcodeSocket: string, openId: string): Promise<boolean> {
  const [row] = await rt.database.db
    .update(wxLogins)
    .set({ openId, confirmedAt: new Date() })
    .where(
      // The first scan wins: a later scanner cannot swap in their own account.
      and(
        eq(wxLogins.qrcodeSocket, qrcodeSocket),
        isNull(wxLogins.confirmedAt),
        isNull(wxLogins.consumedAt),
        gt(wxLogins.expiresAt, new Date()),
      ),
    )
    .returning({ qrcodeSocket: wxLogins.qrcodeSocket });
  if (!row) return false;
  await rt.hub.publish(qrcodeSocket, { code: Code.SUCCESS, data: { openId } });
  return true;
}

/** Uses up a confirmed QR login once; true only for the openId the server itself recorded. */
export async function consumeWechatLogin(rt: Runtime, qrcodeSocket: string, openId: string): Promise<boolean> {
  const [row] = await rt.database.db
    .update(wxLogins)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(wxLogins.qrcodeSocket, qrcodeSocket),
        eq(wxLogins.openId, openId),
        isNotNull(wxLogins.confirmedAt),
        isNull(wxLogins.consumedAt),
        gt(wxLogins.expiresAt, new Date()),
      ),
    )
    .returning({ qrcodeSocket: wxLogins.qrcodeSocket });
  return Boolean(row);
}

/** Whether a login QR is still waiting to be confirmed (the sandbox page shows it). */
export async function pendingWechatLogin(rt: Runtime, qrcodeSocket: string) {
  const [row] = await rt.database.db.select().from(wxLogins).where(eq(wxLogins.qrcodeSocket, qrcodeSocket)).limit(1);
  if (!row) return 'unknown' as const;
  if (row.consumedAt || row.confirmedAt) return 'used' as const;
  if (row.expiresAt.getTime() <= Date.now()) return 'expired' as const;
  return 'pending' as const;
}
