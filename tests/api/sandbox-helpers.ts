import { expect } from 'vitest';
import type { TestServer } from './helpers';
import { isConnected, openSocket, type TestSocket } from './socket-helpers';

/** A fresh QR-login id, as the login dialog makes one. */
export const socketId = () =>
  [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The one-time key in a sandbox pay link or QR link (?key=…), as the phone that opens it reads it. */
export function linkKey(link: string): string {
  const key = new URL(link).searchParams.get('key');
  if (!key) throw new Error(`no key in ${link}`);
  return key;
}

/** The sandbox pay page's 'confirm payment' / 'cancel' for the pay link the API handed out. */
export function sandboxPay(srv: TestServer, payLink: string, action: 'confirm' | 'cancel' = 'confirm') {
  const orderNo = new URL(payLink).pathname.split('/').pop() ?? '';
  return srv.call('POST', `/api/pay/sandbox/${orderNo}/${action}`, { key: linkKey(payLink) });
}

export interface QrLogin {
  qrcodeSocket: string;
  /** The link the QR encodes (the sandbox page, with its key). */
  qrcode: string;
  listenKey: string;
  socket: TestSocket;
}

/** What the login dialog does: a QR for a fresh id, then its push socket with the listen key. */
export async function openQrLogin(srv: TestServer): Promise<QrLogin> {
  const qrcodeSocket = socketId();
  const qr = await srv.call('POST', '/api/wx/wxacoden', { qrcodeSocket });
  expect(qr.body.code, JSON.stringify(qr.body)).toBe(1000000);
  const socket = await openSocket(srv.url, { taskId: qrcodeSocket, token: qr.body.data.listenKey });
  // 100000502: the server listens for this task; confirming earlier could race it.
  await socket.next(isConnected);
  return { qrcodeSocket, qrcode: qr.body.data.qrcode, listenKey: qr.body.data.listenKey, socket };
}

/** The sandbox page's 'confirm login' on a phone holding `identity` (none: a new WeChat user). */
export function confirmQr(srv: TestServer, qrcode: string, identity?: string) {
  const qrcodeSocket = new URL(qrcode).pathname.split('/').pop() ?? '';
  return srv.call('POST', `/api/wx/sandbox/${qrcodeSocket}/confirm`, { key: linkKey(qrcode), identity });
}

/**
 * A whole sandbox scan: QR, socket, the phone confirms, the page receives the
 * openId. Returns what the page then sends to /api/user/login/openid, and the
 * phone's identity for the next scan.
 */
export async function scanAndConfirm(srv: TestServer, identity?: string) {
  const login = await openQrLogin(srv);
  const confirmed = await confirmQr(srv, login.qrcode, identity);
  expect(confirmed.body.code, JSON.stringify(confirmed.body)).toBe(1000000);
  const pushed = (await login.socket.next((m) => (m as { code: number }).code === 1000000)) as {
    data: { openId: string };
  };
  login.socket.ws.close();
  return {
    qrcodeSocket: login.qrcodeSocket,
    openId: pushed.data.openId,
    identity: confirmed.body.data.identity as string,
  };
}
