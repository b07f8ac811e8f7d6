import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ BODY_LIMIT: '4096' });
});
afterAll(() => srv?.dispose());

describe('platform API', () => {
  it('reports health with version, database kind and providers', async () => {
    const res = await srv.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(res.body.data.database).toBe(inject('postgresUrl') ? 'postgres' : 'pglite');
    expect(typeof res.body.data.providers).toBe('object');
  });

  it('answers field-level, translated validation errors with 400', async () => {
    const res = await srv.call('POST', '/api/client-log', { level: 'fatal', url: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(Object.keys(res.body.data.fields).sort()).toEqual(['level', 'message']);
    expect(res.body.data.fields.message).toBe('message不能为空');
    expect(res.body.result).toBe(Object.values(res.body.data.fields)[0]);

    const en = await srv.call('POST', '/api/client-log', { level: 'warn', url: 'x' }, { cookie: 'lang=en-US' });
    expect(en.body.data.fields.message).toBe('message is required');
    const tw = await srv.call('POST', '/api/client-log', { level: 'warn', url: 'x' }, { cookie: 'lang=zh-TW' });
    expect(tw.body.data.fields.message).toBe('message不能為空');
  });

  it('limits every string input', async () => {
    const res = await srv.call('POST', '/api/client-log', { level: 'warn', message: 'a'.repeat(501), url: '' });
    expect(res.status).toBe(400);
    expect(res.body.data.fields.message).toBe('message不能超过 500 个字符');
  });

  it('accepts a valid body', async () => {
    const res = await srv.call('POST', '/api/client-log', { level: 'warn', message: 'list failed', url: '/square' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, result: 'success', data: null });
  });

  it('answers JSON 404 for an unknown API path', async () => {
    for (const path of ['/api/nope', '/api/user/../nope', '/api']) {
      const res = await srv.call('GET', path);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 404, result: '请求的接口不存在', data: null });
    }
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await srv.call('POST', '/api/client-log', {
      level: 'warn',
      message: 'x',
      url: 'y',
      detail: 'z'.repeat(8000),
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(413);
    expect(res.body.result).toBe('提交的内容过大');
  });

  it('survives malformed JSON and keeps serving', async () => {
    for (const raw of ['{"level":', 'not json', '[1,2', '\u0000\u0001']) {
      const res = await srv.call('POST', '/api/client-log', raw);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(400);
      expect(typeof res.body.result).toBe('string');
    }
    const notJson = await srv.call('POST', '/api/client-log', 'level=warn', { 'content-type': 'text/plain' });
    expect(notJson.status).toBe(415);
    expect(notJson.body.result).toBe('请以 JSON 格式提交请求内容');
    const wrongType = await srv.call('POST', '/api/client-log', '[]');
    expect(wrongType.status).toBe(400);
    const health = await srv.call('GET', '/api/health');
    expect(health.status).toBe(200);
  });

  it('sets security headers and compresses large replies', async () => {
    const res = await fetch(`${srv.url}/api/openapi.json`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(['br', 'gzip']).toContain(res.headers.get('content-encoding'));
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/client-log']));
  });

  it('sends small replies as they are, with their length, and compresses large ones', async () => {
    const small = await fetch(`${srv.url}/api/health`, { headers: { 'accept-encoding': 'br, gzip' } });
    const body = await small.text();
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(Number(small.headers.get('content-length'))).toBe(Buffer.byteLength(body));
    expect(body.length).toBeLessThan(1024);
    const refused = await fetch(`${srv.url}/api/order/list`, {
      method: 'POST',
      headers: { 'accept-encoding': 'br, gzip', 'content-type': 'application/json' },
      body: '{"pageNum":1,"pageSize":30}',
    });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect((await refused.json()).code).toBe(1000001);
    const large = await fetch(`${srv.url}/api/prompt/list/all`, {
      method: 'POST',
      headers: { 'accept-encoding': 'br, gzip', 'content-type': 'application/json' },
      body: '{"pageNum":1,"pageSize":30}',
    });
    const text = await large.text();
    expect(text.length).toBeGreaterThan(1024);
    expect(['br', 'gzip']).toContain(large.headers.get('content-encoding'));
    // A reply compressed per request goes out as zstd to whoever takes it (the fastest of the three), else
    // gzip; the prompt list above, compressed once and kept, is brotli's.
    const products = (encoding: string) =>
      fetch(`${srv.url}/api/product/list/aichat`, { method: 'POST', headers: { 'accept-encoding': encoding } });
    const zstd = await products('gzip, deflate, br, zstd');
    const gzip = await products('gzip, deflate, br');
    expect([zstd.headers.get('content-encoding'), gzip.headers.get('content-encoding')]).toEqual(['zstd', 'gzip']);
    const listed = await zstd.text();
    expect(listed.length).toBeGreaterThan(1024);
    expect(await gzip.text()).toBe(listed);
  });

  it('documents a length limit for every string input in the OpenAPI document', async () => {
    const doc = (await srv.call('GET', '/api/openapi.json')).body;
    const unbounded: string[] = [];
    const walk = (schema: Record<string, unknown> | undefined, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      if (schema.$ref) return walk(resolveRef(doc, String(schema.$ref)), `${where}→${schema.$ref}`);
      if (schema.type === 'string' && !schema.enum && schema.maxLength === undefined && !schema.format)
        unbounded.push(where);
      for (const [k, v] of Object.entries((schema.properties as Record<string, Record<string, unknown>>) ?? {}))
        walk(v, `${where}.${k}`);
      if (schema.items) walk(schema.items as Record<string, unknown>, `${where}[]`);
    };
    for (const [p, ops] of Object.entries<Record<string, Record<string, unknown>>>(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const content = (op.requestBody as { content?: Record<string, { schema: Record<string, unknown> }> })?.content;
        for (const media of Object.values(content ?? {})) walk(media.schema, `${method} ${p}`);
        for (const param of (op.parameters as Array<{ name: string; schema: Record<string, unknown> }>) ?? [])
          walk(param.schema, `${method} ${p} ?${param.name}`);
      }
    }
    expect(unbounded).toEqual([]);
  });
});

function resolveRef(doc: { components: { schemas: Record<string, Record<string, unknown>> } }, ref: string) {
  return doc.components.schemas[ref.replace('#/components/schemas/', '')];
}
