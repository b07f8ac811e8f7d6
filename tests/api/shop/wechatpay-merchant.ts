// The merchant's side of the WeChat Pay tests: its account numbers and keys, and the
// environment that points the server at the fake API (fake-wechatpay.ts).
import type { PemPair } from './pay-helpers';

export const MCHID = '1900009191';
export const APPID = 'wxd678efh567hg6787';
export const SERIAL_NO = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
export const PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000091912025010100000000000001';
export const API_V3_KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';

export const codeUrl = (orderNo: string) => `weixin://wxpay/bizpayurl?pr=${orderNo.slice(-10)}`;

/** The variables that select WeChat Pay against the fake. */
export function wechatPayEnv(fake: { merchant: PemPair; platform: PemPair; url: string }): Record<string, string> {
  return {
    PAY_PROVIDER: 'wechatpay',
    PUBLIC_ORIGIN: 'https://miaobi.example',
    // The WeChat login stays the sandbox, which a non-loopback origin must allow explicitly.
    ALLOW_SANDBOX: 'true',
    WECHATPAY_MCHID: MCHID,
    WECHATPAY_APPID: APPID,
    WECHATPAY_SERIAL_NO: SERIAL_NO,
    WECHATPAY_PRIVATE_KEY: fake.merchant.privatePem,
    WECHATPAY_API_V3_KEY: API_V3_KEY,
    WECHATPAY_PUBLIC_KEY: fake.platform.publicPem,
    WECHATPAY_PUBLIC_KEY_ID: PUBLIC_KEY_ID,
    WECHATPAY_API_BASE: fake.url,
  };
}
