import type { OpenAPIHono, RouteConfig, RouteHandler } from '@hono/zod-openapi';
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

/**
 * A handler typed by its route: the request it reads and the reply it returns
 * must match the route's schemas, or typecheck fails (tests/types/contract.ts).
 * `app.openapi(route, handler)` checks inline handlers the same way.
 */
export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, ApiEnv>;
