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
    /** The caller, set by the route's declared access (access.ts): null for a visitor where login is optional. */
    userId?: number | null;
  };
}

export type ApiApp = OpenAPIHono<ApiEnv>;
