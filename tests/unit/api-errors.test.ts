import { getTestStorage } from '@nanostores/persistent';
import { describe, expect, it, vi } from 'vitest';
import { configureApi, get, post } from '../../src/lib/api';
import { transport } from '../../src/lib/api/client';
import { setLanguage } from '../../src/stores/app-setting';
import { getToken, setToken } from '../../src/stores/auth';
import { hang, installApiHarness, json } from './support/api-harness';

const api = installApiHarness();

describe('HTTP errors (docs/reply-codes.md)', () => {
  it.each([400, 503])('%i shows the server message, else "Error"', async (status) => {
    api.serve(() => json({ code: status, result: '邮箱格式不正确', data: null }, status));
    const withMessage = await transport('POST', '/user/register/email', {}, {});
    expect(withMessage).toMatchObject({ ok: false, kind: 'http', status, code: status, message: '邮箱格式不正确' });
    api.serve(() => new Response('<html>bad gateway</html>', { status }));
    const without = await transport('POST', '/user/register/email', {}, {});
    expect(without).toMatchObject({ ok: false, kind: 'http', status, message: 'Error' });
    expect(api.notices).toEqual([
      ['error', '邮箱格式不正确'],
      ['error', 'Error'],
    ]);
  });

  it("uses a proxy's `message` when the body has no result", async () => {
    api.serve(() => json({ message: '系统维护中' }, 503));
    expect(await get('/user/info')).toMatchObject({
      ok: false,
      kind: 'http',
      status: 503,
      code: 503,
      message: '系统维护中',
    });
    expect(api.notices).toEqual([['error', '系统维护中']]);
  });

  it('401 clears the stored token, reloads and shows the message', async () => {
    setToken('expired');
    api.serve(() => json({ code: 401, result: '登录已失效', data: null }, 401));
    const result = await get('/user/info');
    expect(result).toMatchObject({ ok: false, kind: 'http', status: 401 });
    expect(getToken()).toBeUndefined();
    expect(getTestStorage()).not.toHaveProperty('SECRET_TOKEN');
    expect(api.reload).toHaveBeenCalledTimes(1);
    expect(api.notices).toEqual([['error', '登录已失效']]);
  });

  it("a console call's 401 ends the console session only: the login token stays and nothing reloads", async () => {
    setToken('still-logged-in');
    api.serve(() => json({ code: 401, result: '控制台会话已结束', data: null }, 401));
    const result = await get('/admin/me', undefined, { console: true, silent: true });
    expect(result).toMatchObject({ ok: false, kind: 'http', status: 401 });
    expect(getToken()).toBe('still-logged-in');
    expect(api.reload).not.toHaveBeenCalled();
    expect(api.notices).toEqual([]);
  });

  it('401 without a token does not reload, so a logged-out page cannot loop', async () => {
    api.serve(() => new Response('', { status: 401 }));
    await get('/user/info');
    expect(api.reload).not.toHaveBeenCalled();
    expect(api.notices).toEqual([['error', '登录已过期，请重新登录']]);
  });

  it('other statuses show their message and carry the status', async () => {
    api.serve(() => json({ code: 500, result: '', data: null }, 500));
    expect(await get('/user/info')).toMatchObject({
      ok: false,
      kind: 'http',
      status: 500,
      message: '服务器开小差了，请稍后重试',
    });
    api.serve(() => new Response('teapot', { status: 418 }));
    expect(await get('/user/info')).toMatchObject({
      ok: false,
      kind: 'http',
      status: 418,
      code: 418,
      message: 'Error',
    });
    expect(api.notices.map(([kind]) => kind)).toEqual(['error', 'error']);
  });

  it('silent requests show nothing but still reset a dead login', async () => {
    setToken('expired');
    api.serve(() => json({ code: 401, result: 'expired', data: null }, 401));
    await post('/sd/list/picture', { pageNum: 1 }, { silent: true });
    expect(api.notices).toEqual([]);
    expect(getToken()).toBeUndefined();
    expect(api.reload).toHaveBeenCalledTimes(1);
  });
});

describe('timeouts and network failures', () => {
  it('gives up after 30 s with the translated timeout message', async () => {
    vi.useFakeTimers();
    configureApi({ fetch: hang });
    const pending = get('/user/info');
    await vi.advanceTimersByTimeAsync(29_999);
    expect(api.notices).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ ok: false, kind: 'timeout' });
    expect(api.notices).toEqual([['error', '请求超时，请检查网络后重试']]);
  });

  it('translates in the chosen language by default', async () => {
    setLanguage('en-US');
    configureApi({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await get('/user/info')).toMatchObject({
      ok: false,
      kind: 'network',
      message: 'Network error, please try again later',
    });
    expect(api.notices).toEqual([['error', 'Network error, please try again later']]);
  });

  it('reports an abort by the caller without a message', async () => {
    configureApi({ fetch: hang });
    const controller = new AbortController();
    const pending = get('/user/info', undefined, { signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, kind: 'aborted' });
    expect(api.notices).toEqual([]);
  });
});
