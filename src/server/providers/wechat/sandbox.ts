import QRCode from 'qrcode';
import { LOGIN_QR_TTL_SECONDS, type WechatLoginProvider } from './types';

/**
 * Offline stand-in for the official account: the QR opens our own
 * /wx/sandbox/{qrcodeSocket} page, whose 'confirm login' plays WeChat's part.
 */
export function createSandboxWechat(publicOrigin: string): WechatLoginProvider {
  return {
    mode: 'sandbox',
    async createLoginQr(qrcodeSocket) {
      const qrcode = `${publicOrigin}/wx/sandbox/${qrcodeSocket}`;
      const filePath = await QRCode.toDataURL(qrcode, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
      return { filePath, qrcode, expiresInSeconds: LOGIN_QR_TTL_SECONDS };
    },
  };
}
