export interface LoginQr {
  /** Image to show: a data: URL or an https URL of the QR picture. */
  filePath: string;
  /** The text the QR encodes, when known (the sandbox URL; WeChat's own URL). */
  qrcode?: string;
  expiresInSeconds: number;
}

export interface WechatLoginProvider {
  mode: 'sandbox' | 'official';
  /**
   * A QR that, scanned in WeChat, ends in confirmWechatLogin(qrcodeSocket, openId).
   * The sandbox puts confirmKey in its page's link: only a holder of the QR can confirm it.
   */
  createLoginQr(qrcodeSocket: string, confirmKey?: string): Promise<LoginQr>;
}

/** How long a login QR stays valid (seconds). */
export const LOGIN_QR_TTL_SECONDS = 300;
