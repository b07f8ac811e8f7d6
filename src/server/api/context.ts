import type { OpenAPIHono } from '@hono/zod-openapi';
import type { TFunction } from 'i18next';
import type { Language } from '../../shared/i18n';
import type { Runtime } from '../runtime';

/** What every API handler can read from `c.get(...)`. */
export interface ApiEnv {
  Variables: {
    runtime: Runtime;
    lang: Language;
    t: TFunction;
    /** Client address, from X-Forwarded-For only when TRUST_PROXY is on. */
    ip: string;
  };
}

export type ApiApp = OpenAPIHono<ApiEnv>;
