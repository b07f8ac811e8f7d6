import { LOGIN_QR_TTL_SECONDS, type WechatLoginProvider } from './types';

/** The sandbox confirmation page of one QR; the key is its one-time proof of having seen the QR. */
export function sandboxLoginLink(publicOrigin: string, qrcodeSocket: string, key: string): string {
  return `${publicOrigin}/wx/sandbox/${qrcodeSocket}?key=${encodeURIComponent(key)}`;
}

/**
 * Offline stand-in for the official account: the QR opens our own
 * /wx/sandbox/{qrcodeSocket}?key=… page, whose 'confirm login' plays WeChat's part.
 */
export function createSandboxWechat(publicOrigin: string): WechatLoginProvider {
  return {
    mode: 'sandbox',
    async createLoginQr(qrcodeSocket, confirmKey) {
      if (!confirmKey) throw new Error('the sandbox QR needs a confirm key');
      const qrcode = sandboxLoginLink(publicOrigin, qrcodeSocket, confirmKey);
      // qrcode (~14 MB) loads with the first sign-in QR, not at start-up.
      const { default: QRCode } = await import('qrcode');
      const filePath = await QRCode.toDataURL(qrcode, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
      return { filePath, qrcode, expiresInSeconds: LOGIN_QR_TTL_SECONDS };
    },
  };
}
