import type { Env } from '../../config/env';
import { createAlipay } from './alipay';
import { createSandboxPayment } from './sandbox';
import type { PaymentProvider } from './types';
import { createWechatPay } from './wechatpay';

export type * from './types';

/** loadEnv has already refused a provider whose variables are missing; this keeps the types honest. */
function need(env: Env, name: keyof Env): string {
  const value = env[name];
  if (typeof value !== 'string' || !value) throw new Error(`${name} is required for PAY_PROVIDER=${env.PAY_PROVIDER}`);
  return value;
}

export function createPaymentProvider(env: Env): PaymentProvider {
  switch (env.PAY_PROVIDER) {
    case 'wechatpay':
      return createWechatPay({
        mchId: need(env, 'WECHATPAY_MCHID'),
        appId: need(env, 'WECHATPAY_APPID'),
        serialNo: need(env, 'WECHATPAY_SERIAL_NO'),
        privateKey: need(env, 'WECHATPAY_PRIVATE_KEY'),
        apiV3Key: need(env, 'WECHATPAY_API_V3_KEY'),
        publicKey: need(env, 'WECHATPAY_PUBLIC_KEY'),
        publicKeyId: need(env, 'WECHATPAY_PUBLIC_KEY_ID'),
        apiBase: env.WECHATPAY_API_BASE,
        notifyUrl: `${env.PUBLIC_ORIGIN}/api/pay/wechat/notify`,
      });
    case 'alipay':
      return createAlipay({
        appId: need(env, 'ALIPAY_APP_ID'),
        privateKey: need(env, 'ALIPAY_PRIVATE_KEY'),
        publicKey: need(env, 'ALIPAY_PUBLIC_KEY'),
        gateway: env.ALIPAY_GATEWAY,
        notifyUrl: `${env.PUBLIC_ORIGIN}/api/pay/alipay/notify`,
      });
    default:
      return createSandboxPayment(env.PUBLIC_ORIGIN);
  }
}
