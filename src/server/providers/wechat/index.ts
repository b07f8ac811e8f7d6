import type { Env } from '../../config/env';
import { createOfficialWechat } from './official';
import { createSandboxWechat } from './sandbox';
import type { WechatLoginProvider } from './types';

export type { LoginQr, WechatLoginProvider } from './types';

export function createWechatProvider(env: Env): WechatLoginProvider {
  if (env.WECHAT_MP_APPID && env.WECHAT_MP_SECRET && env.WECHAT_MP_TOKEN) {
    return createOfficialWechat({
      appId: env.WECHAT_MP_APPID,
      secret: env.WECHAT_MP_SECRET,
      apiBase: env.WECHAT_API_BASE,
    });
  }
  return createSandboxWechat(env.PUBLIC_ORIGIN);
}
