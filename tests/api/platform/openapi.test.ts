// /api/openapi.json is a document others build on: a standard validator
// accepts it, every operation names who may call it (and the server enforces
// exactly that), has a unique operationId, and types its JSON reply.

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../../src/server/api/route-table';
import { CONSOLE_COOKIE } from '../../../src/shared/admin';
import { makeStaff, type Staff } from '../admin/admin-helpers';
import { type CallResult, createUserWithToken, startTestServer, type TestServer } from '../helpers';

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  [key: string]: unknown;
}
interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ required?: boolean }>;
  requestBody?: { required?: boolean };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes?: Record<string, unknown> };
}

let srv: TestServer;
let doc: Doc;
let user: { headers: Record<string, string> };
let admin: Staff;
const ops = () =>
  Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({ method, path, op, where: `${method.toUpperCase()} ${path}` })),
  );

beforeAll(async () => {
  srv = await startTestServer();
  doc = (await srv.call('GET', '/api/openapi.json')).body;
  user = await createUserWithToken(srv, 'openapi-user@example.com');
  admin = await makeStaff(srv, 'openapi-admin@example.com', 'admin');
});
afterAll(() => srv?.dispose());

describe('/api/openapi.json', () => {
  it('lists exactly the routes of the route table the browser client is typed from', () => {
    // The payment providers' notifies read the raw signed body, so they are documented by hand (pay-notify.ts).
    const signedNotifies = ['POST /api/pay/alipay/notify', 'POST /api/pay/wechat/notify'];
    const served = ops()
      .map((o) => o.where)
      .filter((w) => !signedNotifies.includes(w))
      .sort();
    const typed = routeTable.map((r) => `${r.method.toUpperCase()} ${r.path.replace(/^(?!\/api)/, '/api')}`).sort();
    expect(typed).toEqual(served);
  });

  it('is valid OpenAPI 3.1 to a standard validator', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // The parser dereferences in place: it gets its own copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('compiles to TypeScript types with openapi-typescript, and those type-check', async () => {
    const source = astToString(await openapiTS(structuredClone(doc) as never));
    expect(source).toContain('getChatConversationsByUuid: {');
    // Type-checked by tsc in its own process: a compile of seconds on this thread would stall the
    // server under test, whose idle sockets then close under the next request (ECONNRESET).
    const dir = await mkdtemp(path.join(tmpdir(), 'openapi-types-'));
    await writeFile(path.join(dir, 'api.d.ts'), source);
    const config = { compilerOptions: { strict: true, noEmit: true, types: [] }, files: ['api.d.ts'] };
    await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(config));
    // TypeScript 7, the project's checker (package.json, typecheck): its package exports no bin path.
    const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin/tsc');
    const problems = await new Promise<string>((resolve) =>
      execFile(process.execPath, [tsc, '-p', dir], (err, stdout) => resolve(err ? `${stdout}` || String(err) : '')),
    );
    await rm(dir, { recursive: true, force: true });
    expect(problems).toBe('');
  }, 120_000);

  it('declares the login token and the console cookie as security schemes', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      consoleSession: { type: 'apiKey', in: 'cookie', name: CONSOLE_COOKIE },
    });
  });

  it('gives every operation a security requirement made of declared schemes', () => {
    const schemes = new Set(Object.keys(doc.components.securitySchemes ?? {}));
    const bad = ops().filter(
      ({ op }) => !Array.isArray(op.security) || op.security.some((r) => Object.keys(r).some((k) => !schemes.has(k))),
    );
    expect(bad.map((o) => o.where)).toEqual([]);
    // Console routes take the console cookie, the rest never do.
    for (const { path, op, where } of ops()) {
      const cookie = op.security?.some((r) => 'consoleSession' in r) ?? false;
      expect(cookie, where).toBe(path.startsWith('/api/admin/') && path !== '/api/admin/session');
    }
  });

  it('gives every operation a unique camelCase operationId', () => {
    const ids = ops().map((o) => o.op.operationId);
    expect(ids.filter((id) => !id || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/chat/conversations/{uuid}']?.get?.operationId).toBe('getChatConversationsByUuid');
  });

  it('types the data of every JSON 200 reply', () => {
    const untyped = ops().flatMap(({ op, where }) => {
      const json = op.responses['200']?.content?.['application/json'];
      if (!json) return [];
      const reply = resolve(json.schema);
      const data = reply?.properties?.data ?? reply;
      const found = emptyParts(data, where);
      return found;
    });
    expect(untyped).toEqual([]);
  });
});

describe('security the server enforces', () => {
  // Every GET without required input, called as each kind of caller: its declared security must be what happens.
  const plainGets = () =>
    ops().filter(
      ({ method, op, path }) =>
        method === 'get' &&
        !op.parameters?.some((p) => p.required) &&
        !op.requestBody?.required &&
        path !== '/api/ready',
    );
  const kindOf = (op: Operation) => JSON.stringify(op.security);
  const LOGIN = JSON.stringify([{ bearerAuth: [] }]);
  const OPTIONAL = JSON.stringify([{}, { bearerAuth: [] }]);
  const CONSOLE = JSON.stringify([{ consoleSession: [] }]);
  const forged = { authorization: 'Bearer forged-token-that-no-session-has' };
  const notLoggedIn = (r: CallResult) => r.body?.code === 1000001 || r.status === 401;

  it('login routes refuse a visitor and a dead token, and answer the user', async () => {
    const gets = plainGets().filter((o) => kindOf(o.op) === LOGIN);
    expect(gets.length).toBeGreaterThan(5);
    for (const { path, where } of gets) {
      expect(notLoggedIn(await srv.call('GET', path)), `${where} as a visitor`).toBe(true);
      expect((await srv.call('GET', path, undefined, forged)).status, `${where} with a dead token`).toBe(401);
      const res = await srv.call('GET', path, undefined, user.headers);
      expect(notLoggedIn(res) || res.status >= 500, `${where} as a user: ${JSON.stringify(res.body)}`).toBe(false);
    }
  });

  it('routes where login is optional answer a visitor and refuse a dead token', async () => {
    const gets = plainGets().filter((o) => kindOf(o.op) === OPTIONAL);
    expect(gets.length).toBeGreaterThan(0);
    for (const { path, where } of gets) {
      const res = await srv.call('GET', path);
      expect(notLoggedIn(res) || res.status >= 400, `${where} as a visitor: ${JSON.stringify(res.body)}`).toBe(false);
      expect((await srv.call('GET', path, undefined, forged)).status, `${where} with a dead token`).toBe(401);
    }
  });

  it('public routes answer without any credential', async () => {
    const gets = plainGets().filter((o) => kindOf(o.op) === '[]');
    expect(gets.length).toBeGreaterThan(0);
    for (const { path, where } of gets) {
      // A dead token is not even read; 404 is a feature this server has not configured (WeChat).
      const res = await srv.call('GET', path, undefined, forged);
      expect(notLoggedIn(res) || res.status >= 500, `${where}: ${JSON.stringify(res.body)}`).toBe(false);
    }
  });

  it('console routes answer only with the console cookie; a login token alone is not enough', async () => {
    const gets = plainGets().filter((o) => kindOf(o.op) === CONSOLE);
    expect(gets.length).toBeGreaterThan(5);
    for (const { path, where } of gets) {
      expect((await srv.call('GET', path)).status, `${where} as a visitor`).toBe(404);
      expect((await srv.call('GET', path, undefined, admin.headers)).status, `${where} with the token only`).toBe(404);
      const res = await srv.call('GET', path, undefined, { cookie: admin.cookie });
      expect(res.status, `${where} with the cookie: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it('opening a console session takes a login token, as declared', async () => {
    expect(doc.paths['/api/admin/session']?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect((await srv.call('POST', '/api/admin/session')).status).toBe(404);
    expect((await srv.call('POST', '/api/admin/session', undefined, admin.headers)).status).toBe(200);
  });
});

function resolve(schema: Schema | undefined): Schema | undefined {
  const name = schema?.$ref?.split('/').at(-1);
  return name ? resolve(doc.components.schemas[name]) : schema;
}

/** Parts of a reply schema that say nothing: `{}`, or an object that takes anything. */
function emptyParts(schema: Schema | undefined, where: string, seen = new Set<Schema>()): string[] {
  const s = resolve(schema);
  if (!s) return [`${where}: no schema`];
  if (seen.has(s)) return [];
  seen.add(s);
  const said = Object.keys(s).filter((k) => k !== 'description' && k !== 'example');
  if (said.length === 0) return [`${where}: empty schema`];
  const anything =
    s.additionalProperties === true || (s.additionalProperties && !Object.keys(s.additionalProperties).length);
  if (s.type === 'object' && !s.properties && (s.additionalProperties === undefined || anything))
    return [`${where}: an object of anything`];
  const parts = [
    ...Object.entries(s.properties ?? {}).flatMap(([k, v]) => emptyParts(v, `${where}.${k}`, seen)),
    ...(s.items ? emptyParts(s.items, `${where}[]`, seen) : []),
    ...[...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].flatMap((v) => emptyParts(v, where, seen)),
  ];
  return parts;
}
