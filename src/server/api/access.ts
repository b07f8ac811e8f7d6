import type { Context } from 'hono';
import { CONSOLE_COOKIE } from '../../shared/admin';
import { Code } from '../../shared/codes';
import { DomainError } from '../errors';
import { bearer, requireUserId } from '../services/account/auth';
import { assertPhoneBound } from '../services/account/phone';
import { hidden } from '../services/admin/console-session';
import { consoleOf } from './admin/guard';
import type { ApiApp, ApiEnv } from './context';

// Who may call a route, declared once on the route as its OpenAPI `security`
// (`security: access.login`). enforceAccess runs the check that belongs to
// the declared value before the handler, so the document cannot say one
// thing while the server does another; a route without one of these values
// is refused at start-up.

type Check = (c: Context<ApiEnv>) => Promise<void> | void;
type Security = Array<Record<string, string[]>>;

export const BEARER = 'bearerAuth';
export const CONSOLE_SESSION = 'consoleSession';

/** components.securitySchemes of the OpenAPI document. */
export const securitySchemes = {
  [BEARER]: {
    type: 'http',
    scheme: 'bearer',
    description: 'The login token from /api/user/login/* (`Authorization: Bearer <token>`).',
  },
  [CONSOLE_SESSION]: {
    type: 'apiKey',
    in: 'cookie',
    name: CONSOLE_COOKIE,
    description: 'The console session from POST /api/admin/session (staff only; docs/console.md).',
  },
} as const;

const checks = new WeakMap<object, Check>();

function kind(security: Security, check: Check): Security {
  checks.set(security, check);
  return security;
}

async function viewer(c: Context<ApiEnv>): Promise<number | null> {
  const authorization = c.req.header('authorization');
  // A token that is sent must be live (401 otherwise); without one the caller is a visitor.
  return bearer(authorization) ? requireUserId(c.get('runtime').database.db, authorization) : null;
}

/** Login required; a visitor is told so by `noToken` (code 1000001 unless a route asks otherwise). */
function login(noToken?: () => DomainError): Security {
  return kind([{ [BEARER]: [] }], async (c) => {
    if (noToken && !bearer(c.req.header('authorization'))) throw noToken();
    c.set('userId', await requireUserId(c.get('runtime').database.db, c.req.header('authorization')));
  });
}

/**
 * Login (or, with `visitors`, optional login) and then the console's phone gate (PHONE_REQUIRED,
 * services/account/phone.ts): the one check every generating and publishing route passes through.
 * `when` limits the gate to some requests of a route (making a picture public, not private).
 */
function phoneGated(opts: { visitors?: boolean; when?: (body: Record<string, unknown>) => boolean } = {}): Security {
  const signIn = opts.visitors ? null : login();
  return kind(opts.visitors ? [{}, { [BEARER]: [] }] : [{ [BEARER]: [] }], async (c) => {
    if (signIn) await checks.get(signIn)?.(c);
    else c.set('userId', await viewer(c));
    const body = opts.when ? ((c.req.valid as (t: 'json') => unknown)('json') as Record<string, unknown>) : {};
    if (!opts.when || opts.when(body)) await assertPhoneBound(c.get('runtime'), c.get('userId') ?? null);
  });
}

export const access = {
  /** Anyone; nothing is read from the caller. */
  public: kind([], () => {}),
  /** Visitors and users alike; a token that is sent must be live. */
  optionalLogin: kind([{}, { [BEARER]: [] }], async (c) => {
    c.set('userId', await viewer(c));
  }),
  /** Anyone; a token that is sent is read as it is by the handler (logging out revokes even a dead one). */
  tokenIfAny: kind([{}, { [BEARER]: [] }], () => {}),
  login: login(),
  /** Login required; a visitor is answered 401 (uploads: the browser has no token to clear). */
  loginOr401: login(() => new DomainError(Code.UNAUTHORIZED, 'chat:attach.signIn', { status: 401 })),
  /** Generating (drawing, songs, lyrics): login, and a bound phone when the console requires one. */
  generating: phoneGated(),
  /** The chat: visitors too; an account needs a bound phone when the console requires one. */
  generatingOrVisitor: phoneGated({ visitors: true }),
  /** Publishing a picture (drawPublicFlag 1: the square). */
  publishingPicture: phoneGated({ when: (b) => b.drawPublicFlag === 1 }),
  /** Publishing a song or a video (isPublic). */
  publishingPublic: phoneGated({ when: (b) => b.isPublic === true }),
  /** An application's create or update that publishes it to the store. */
  publishingApp: phoneGated({ when: (b) => b.published === true }),
  /** Sharing a conversation as a public page. */
  publishing: phoneGated(),
  /** A console session (the /api/admin guard opened it); anyone else sees a path that does not exist. */
  console: kind([{ [CONSOLE_SESSION]: [] }], (c) => {
    consoleOf(c);
  }),
  /** Opening a console session: a staff member's login token; anyone else sees a path that does not exist. */
  consoleOpening: kind([{ [BEARER]: [] }], (c) => {
    if (!bearer(c.req.header('authorization'))) throw hidden();
  }),
} as const;

/** The logged-in caller of an `access.login*` route. */
export function userIdOf(c: Context<ApiEnv>): number {
  const id = c.get('userId');
  if (typeof id !== 'number') throw new Error(`${c.req.path}: the route does not declare access.login`);
  return id;
}

/** The caller of an `access.optionalLogin` route: null for a visitor. */
export function viewerOf(c: Context<ApiEnv>): number | null {
  const id = c.get('userId');
  if (id === undefined) throw new Error(`${c.req.path}: the route does not declare access.optionalLogin`);
  return id;
}

/** `post /chat/conversations/{uuid}` → `postChatConversationsByUuid`: stable while the path is. */
export function operationIdOf(method: string, path: string): string {
  const words = path.split('/').flatMap((part) => {
    const param = /^\{(.+)\}$/.exec(part);
    const split = (param?.[1] ?? part).split(/[^A-Za-z0-9]+/).filter(Boolean);
    return param ? ['by', ...split] : split;
  });
  return [method.toLowerCase(), ...words.map((w) => w[0]?.toUpperCase() + w.slice(1))].join('');
}

/**
 * Wraps app.openapi: each route's declared access is checked after input validation (bad input answers
 * 400 whoever asks) and before the handler. Every documented operation, also those served by a plain
 * handler (payment notifications), must declare one, and gets its operationId from its method and path
 * (as routed, without the /api mount point).
 */
export function enforceAccess(app: ApiApp): void {
  const register = app.openapi.bind(app) as (...args: unknown[]) => ApiApp;
  const openapi = (
    route: { method: string; path: string; security?: Security },
    handler: (c: Context<ApiEnv>, next: () => Promise<void>) => unknown,
    hook?: unknown,
  ) => {
    const check = route.security && checks.get(route.security);
    if (!check) throw new Error(`${route.method.toUpperCase()} ${route.path} declares no access (api/access.ts)`);
    const guarded = async (c: Context<ApiEnv>, next: () => Promise<void>) => {
      await check(c);
      return handler(c, next);
    };
    return register(route, guarded, hook);
  };
  app.openapi = openapi as unknown as ApiApp['openapi'];

  const registry = app.openAPIRegistry;
  const registerPath = registry.registerPath.bind(registry);
  const ids = new Set<string>();
  registry.registerPath = (route) => {
    const where = `${route.method.toUpperCase()} ${route.path}`;
    if (!route.security || !checks.has(route.security)) throw new Error(`${where} declares no access (api/access.ts)`);
    const operationId = operationIdOf(route.method, route.path);
    if (ids.has(operationId)) throw new Error(`${where}: operationId ${operationId} is taken`);
    ids.add(operationId);
    registerPath({ ...route, operationId });
  };
  for (const [name, scheme] of Object.entries(securitySchemes))
    registry.registerComponent('securitySchemes', name, scheme);
}
