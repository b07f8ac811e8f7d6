import { createHash } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { registerKeyedChannel } from '../../db/queries/push-channels';
import { wxLogins } from '../../db/schema';
import { DomainError } from '../../errors';
import { hashKey, newKey } from '../../one-time-key';
import { LOGIN_QR_TTL_SECONDS } from '../../providers/wechat/types';
import type { Runtime } from '../../runtime';

export const QRCODE_SOCKET = /^[0-9a-f]{16}$/;

/**
 * Starts a QR login for the browser's fresh qrcodeSocket. Returns the QR and
 * the listen key: the push channel of this login answers only to that key,
 * so someone who reads the QR's id cannot listen for the login. An id that
 * was used before is refused, so nobody can re-key another page's login.
 * WeChat failing to make the QR is a 503.
 */
export async function createLoginQr(rt: Runtime, qrcodeSocket: string) {
  const { db } = rt.database;
  const listenKey = newKey();
  const confirmKey = rt.wechat.mode === 'sandbox' ? newKey() : undefined;
  const expiresAt = new Date(Date.now() + LOGIN_QR_TTL_SECONDS * 1000);
  const inserted = await db
    .insert(wxLogins)
    .values({ qrcodeSocket, expiresAt, keyHash: confirmKey ? hashKey(confirmKey) : null })
    .onConflictDoNothing()
    .returning({ qrcodeSocket: wxLogins.qrcodeSocket });
  const fresh =
    inserted.length > 0 &&
    (await registerKeyedChannel(db, { taskId: qrcodeSocket, keyHash: hashKey(listenKey), kind: 'wx-login' }));
  if (!fresh) throw new DomainError(Code.BAD_REQUEST, 'account:wx.qrInUse', { status: 400 });
  const qr = await rt.wechat.createLoginQr(qrcodeSocket, confirmKey).catch((err: Error) => {
    rt.log.error('wechat QR failed', { err: err.message });
    throw new DomainError(Code.UNAVAILABLE, 'account:wx.qrFailed', { status: 503 });
  });
  return { ...qr, listenKey };
}

/** Records the first scan of a live, unused QR and pushes the login to the page that holds its listen key. */
async function recordScan(rt: Runtime, qrcodeSocket: string, openId: string, extra?: SQL): Promise<boolean> {
  const [row] = await rt.database.db
    .update(wxLogins)
    .set({ openId, confirmedAt: new Date(), keyHash: null })
    .where(
      // The first scan wins: a later scanner cannot swap in their own account.
      and(
        eq(wxLogins.qrcodeSocket, qrcodeSocket),
        isNull(wxLogins.confirmedAt),
        isNull(wxLogins.consumedAt),
        gt(wxLogins.expiresAt, new Date()),
        extra,
      ),
    )
    .returning({ qrcodeSocket: wxLogins.qrcodeSocket });
  if (!row) return false;
  await rt.hub.publish(qrcodeSocket, { code: Code.SUCCESS, data: { openId } });
  return true;
}

/**
 * WeChat (a signed event) says openId scanned the QR of qrcodeSocket. False
 * when the QR is unknown, expired or used.
 */
export function confirmWechatLogin(rt: Runtime, qrcodeSocket: string, openId: string): Promise<boolean> {
  return recordScan(rt, qrcodeSocket, openId);
}

/**
 * The sandbox's WeChat user is a secret its phone keeps (its "identity"): the
 * openId is a one-way function of it, so knowing someone's openId does not
 * let anyone log in as them, and the same phone always returns as the same user.
 */
export function sandboxOpenId(identity: string): string {
  return `sandbox-${createHash('sha256').update(`miaobi sandbox wechat\n${identity}`).digest('hex').slice(0, 32)}`;
}

/**
 * The sandbox page confirms a QR with the QR's one-time key, as the phone's
 * identity (or a new one). Returns the identity for the phone to keep, or
 * null when the key is wrong or the QR expired or was used.
 */
export async function confirmSandboxLogin(
  rt: Runtime,
  p: { qrcodeSocket: string; key: string; identity?: string | null },
): Promise<{ identity: string } | null> {
  const identity = p.identity ?? newKey();
  const ok = await recordScan(rt, p.qrcodeSocket, sandboxOpenId(identity), eq(wxLogins.keyHash, hashKey(p.key)));
  return ok ? { identity } : null;
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

/** Whether a login QR is still waiting to be confirmed (with key: whether that key confirms it). */
export async function pendingWechatLogin(rt: Runtime, qrcodeSocket: string, key?: string) {
  const [row] = await rt.database.db.select().from(wxLogins).where(eq(wxLogins.qrcodeSocket, qrcodeSocket)).limit(1);
  if (!row) return 'unknown' as const;
  if (row.consumedAt || row.confirmedAt) return 'used' as const;
  if (row.expiresAt.getTime() <= Date.now()) return 'expired' as const;
  if (key !== undefined && row.keyHash !== hashKey(key)) return 'unknown' as const;
  return 'pending' as const;
}
