import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  configureApi,
  get,
  post,
  postQuery,
  request,
  serverText,
  successData,
  unwrap,
} from '../../src/lib/api';
import { transport } from '../../src/lib/api/client';
import { Code } from '../../src/shared/codes';
import { setToken } from '../../src/stores/auth';
import { installApiHarness, json } from './support/api-harness';

const api = installApiHarness();

describe('success rule (docs/api.md)', () => {
  it('code 200 is success, with typed data', async () => {
    api.serve(() => json({ code: 200, result: 'success', data: { id: 7 } }));
    const result = await get('/user/info');
    expect(result).toMatchObject({ ok: true, kind: 'reply', code: 200, data: { id: 7 } });
    expect(unwrap(result)).toEqual({ id: 7 });
    expect(api.notices).toEqual([]);
  });

  it('a plain-text or JSON-string body is success', async () => {
    api.serve(() => new Response('hello', { status: 200, headers: { 'Content-Type': 'text/plain' } }));
    expect(await get('/user/info')).toEqual({ ok: true, kind: 'text', status: 200, text: 'hello' });
    api.serve(() => json('done'));
    expect(await transport('POST', '/x', undefined, {})).toMatchObject({ ok: true, kind: 'text', text: 'done' });
  });

  it('hands business codes to the caller without showing anything', async () => {
    api.serve(() => json({ code: Code.NOT_LOGGED_IN, result: '请先登录', data: null }));
    const result = await post('/order/create', { productId: 1, productCode: '' });
    expect(result).toEqual({
      ok: false,
      kind: 'business',
      status: 200,
      code: 1000001,
      result: '请先登录',
      data: null,
      reply: { code: 1000001, result: '请先登录', data: null },
    });
    expect(api.notices).toEqual([]);
    expect(() => unwrap(result)).toThrow(ApiError);
  });

  it('keeps the data of a business success such as 1000000', async () => {
    api.serve(() => json({ code: Code.SUCCESS, result: 'ok', data: { orderNo: 'A1', orderStatus: 5 } }));
    const result = await post('/order/create', { productId: 1, productCode: '' });
    expect(successData(result)?.orderNo).toBe('A1');
    if (result.kind !== 'business') throw new Error(`expected business, got ${result.kind}`);
    expect(result.code).toBe(Code.SUCCESS);
  });
});

describe('serverText', () => {
  it("is the reply's own text for a reply, a business code or an HTTP error, and '' without a reply", async () => {
    api.serve(() => json({ code: 400, result: '验证码错误', data: null }, 400));
    expect(
      serverText(await post('/user/verify_email_code', { email: 'a@x.cn', code: 'ABC123' }, { silent: true })),
    ).toBe('验证码错误');
    api.serve(() => json({ code: Code.NOT_LOGGED_IN, result: '请先登录', data: null }));
    expect(serverText(await get('/user/info'))).toBe('请先登录');
    api.serve(() => new Response('<html>bad gateway</html>', { status: 502 }));
    expect(serverText(await get('/user/info', undefined, { silent: true }))).toBe('');
    api.serve(() => {
      throw new TypeError('network down');
    });
    expect(serverText(await get('/user/info', undefined, { silent: true }))).toBe('');
  });
});

describe('request shape', () => {
  it('GET sends data as query parameters under /api, without a body', async () => {
    api.serve(() => json({ code: 200, result: '', data: null }));
    await transport(
      'GET',
      '/user/getEmailVerifycode',
      { email: 'a+b@x.cn', skip: undefined, none: null, tag: ['1', '2'] },
      {},
    );
    expect(api.calls[0]?.url).toBe('/api/user/getEmailVerifycode?email=a%2Bb%40x.cn&tag=1&tag=2');
    expect(api.calls[0]?.init.method).toBe('GET');
    expect(api.calls[0]?.init.body).toBeUndefined();
  });

  it('other methods send a JSON body and leave the URL alone', async () => {
    api.serve(() => json({ code: 200, result: '', data: null }));
    await post('/api/order/list', { pageNum: 1, pageSize: 10, orderNo: '' });
    await transport('DELETE', 'sd/delete', { id: 3 }, {});
    expect(api.calls[0]?.url).toBe('/api/order/list');
    expect(JSON.parse(String(api.calls[0]?.init.body))).toEqual({ pageNum: 1, pageSize: 10, orderNo: '' });
    expect(api.headersOf(0).get('content-type')).toBe('application/json');
    expect(api.calls[1]).toMatchObject({ url: '/api/sd/delete', init: { method: 'DELETE', body: '{"id":3}' } });
  });

  it('postQuery sends a POST route its query in the address, without a body', async () => {
    api.serve(() => json({ code: 200, result: '', data: { noticeId: 7, revision: 2 } }));
    const res = await postQuery('/notice/push', { noticeId: 7 }, { silent: true });
    expect(api.calls[0]).toMatchObject({ url: '/api/notice/push?noticeId=7', init: { method: 'POST' } });
    expect(api.calls[0]?.init.body).toBeUndefined();
    expect(successData(res)).toEqual({ noticeId: 7, revision: 2 });
  });

  it("a typed call fills a templated route with the caller's segment", async () => {
    api.serve(() => json({ code: 200, result: '', data: null }));
    const id = 'abc';
    await request('DELETE', `/chat/shares/${id}`);
    expect(api.calls[0]).toMatchObject({ url: '/api/chat/shares/abc', init: { method: 'DELETE' } });
  });

  it('sends the bearer header only when a token exists', async () => {
    api.serve(() => json({ code: 200, result: '', data: null }));
    await get('/user/info');
    expect(api.headersOf(0).has('authorization')).toBe(false);
    setToken('tok-1');
    await get('/user/info');
    expect(api.headersOf(1).get('authorization')).toBe('Bearer tok-1');
  });
});

describe('streaming', () => {
  it('returns the unread response and applies no timeout', async () => {
    vi.useFakeTimers();
    configureApi({
      fetch: () =>
        new Promise((resolve) =>
          setTimeout(
            () => resolve(new Response('data: 1\n\n', { headers: { 'Content-Type': 'text/event-stream' } })),
            45_000,
          ),
        ),
    });
    const pending = transport('POST', '/chat/process', { prompt: 'hi' }, { stream: true });
    await vi.advanceTimersByTimeAsync(45_000);
    const result = await pending;
    if (result.kind !== 'stream') throw new Error(`expected stream, got ${result.kind}`);
    expect(result.response.bodyUsed).toBe(false);
    expect(await result.response.text()).toBe('data: 1\n\n');
    expect(api.notices).toEqual([]);
  });

  it('classifies a JSON answer to a stream request like any reply', async () => {
    api.serve(() => json({ code: Code.NOT_LOGGED_IN, result: 'login', data: null }));
    const result = await transport('POST', '/chat/process', {}, { stream: true });
    expect(result).toMatchObject({ ok: false, kind: 'business', code: Code.NOT_LOGGED_IN });
  });
});
