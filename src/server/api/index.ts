import { OpenAPIHono } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import { type ApiReply, Code } from '../../shared/codes';
import { i18nOf, LANGUAGE_COOKIE, pickLanguage } from '../../shared/i18n';
import { DomainError } from '../errors';
import type { BodyIncoming } from '../request-body';
import type { Runtime } from '../runtime';
import { enforceAccess } from './access';
import { registerAccountConsole, registerUser } from './account';
import { registerPhone } from './account/phone';
import { registerWx } from './account/wx';
import { registerWxCallback } from './account/wx-callback';
import { registerActivityConsole, registerCoupon } from './activity';
import { registerNotice } from './activity/notice';
import { registerAdmin, registerAdminSettings } from './admin';
import { registerApp } from './apps';
import { registerPrompt } from './apps/prompt';
import { registerChannelsConsole } from './channels';
import { registerChat } from './chat';
import { registerClientLog } from './client-log';
import { registerCompliance, registerComplianceConsole } from './compliance';
import type { ApiApp, ApiEnv } from './context';
import { registerCredits, registerCreditsConsole } from './credits';
import { registerSd } from './drawing';
import { handleError } from './errors';
import { registerHealth } from './health';
import { registerKnowledge, registerKnowledgeConsole } from './knowledge';
import { registerLedgerConsole, registerUsage } from './ledger';
import { registerModeration, registerModerationConsole } from './moderation';
import { registerMusic } from './music';
import { registerReferral, registerReferralConsole } from './referral';
import {
  registerOrder,
  registerShopOrdersConsole,
  registerShopPaymentsConsole,
  registerShopProductsConsole,
} from './shop';
import { registerPayNotify } from './shop/pay-notify';
import { registerToolsConsole } from './tools';
import { validationHook } from './validation';
import { registerVideo } from './video';
import { registerWebSearchConsole } from './web-search';

/** Each domain adds its routes here; the order only matters for the OpenAPI document. */
const domains: Array<(app: ApiApp) => void> = [
  registerHealth,
  registerClientLog,
  registerUser,
  registerPhone,
  registerWx,
  registerWxCallback,
  registerOrder,
  registerChat,
  registerPrompt,
  registerApp,
  registerPayNotify,
  registerCoupon,
  registerNotice,
  registerMusic,
  registerVideo,
  registerSd,
  registerCompliance,
  registerAdmin,
  // After registerAdmin: its console guard must run before every /admin route, which each domain keeps.
  // In the order the console's routes have always had in the OpenAPI document.
  registerAccountConsole,
  registerShopProductsConsole,
  registerAdminSettings,
  registerActivityConsole,
  registerShopOrdersConsole,
  registerShopPaymentsConsole,
  registerChannelsConsole,
  registerToolsConsole,
  registerModerationConsole,
  registerComplianceConsole,
  registerLedgerConsole,
  registerWebSearchConsole,
  registerKnowledgeConsole,
  registerReferralConsole,
  registerCreditsConsole,
  registerModeration,
  registerUsage,
  registerKnowledge,
  registerReferral,
  registerCredits,
];

export function createApiApp(runtime: Runtime): ApiApp {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook }).basePath('/api') as unknown as ApiApp;

  app.use(async (c, next) => {
    const lang = pickLanguage(getCookie(c, LANGUAGE_COOKIE));
    c.set('runtime', runtime);
    c.set('lang', lang);
    c.set('t', i18nOf(lang).t);
    c.set('ip', clientIp(c.req.raw.headers, c.env, runtime.env.TRUST_PROXY));
    await next();
  });
  // Bodies are read and limited per route before the API runs (request-body.ts); a refusal is the usual error reply.
  app.use(async (c, next) => {
    const refused = (c.env as { incoming?: BodyIncoming } | undefined)?.incoming?.bodyRefused;
    if (refused === 413) throw new DomainError(Code.PAYLOAD_TOO_LARGE, 'error.payloadTooLarge', { status: 413 });
    if (refused === 408) throw new DomainError(Code.REQUEST_TIMEOUT, 'error.timeout', { status: 408 });
    await next();
  });

  enforceAccess(app);
  for (const register of domains) register(app);

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Miaobi API',
      version: runtime.version,
      description:
        'Every reply is { code, result, data }. code 200 or 1000000 is success; 1000001 means not logged in; ' +
        'other business codes are listed on each operation.',
    },
  });

  app.notFound((c) =>
    c.json({ code: Code.NOT_FOUND, result: c.get('t')('error.notFound'), data: null } satisfies ApiReply, 404),
  );
  app.onError(handleError);
  return app;
}

/** Node's socket address, unless a trusted proxy says otherwise. */
function clientIp(headers: Headers, env: unknown, trustProxy: boolean): string {
  if (trustProxy) {
    // The entry our own proxy added is the last; earlier ones come from the client and can be forged.
    const forwarded = headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}
