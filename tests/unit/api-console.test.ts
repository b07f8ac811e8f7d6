import { describe, expect, it } from 'vitest';
import { consoleCall, fieldErrors } from '../../src/lib/api';
import { getToken, setToken } from '../../src/stores/auth';
import { hang, installApiHarness, json } from './support/api-harness';

const api = installApiHarness();

describe('consoleCall (the console screens)', () => {
  it('sends GET parameters as the query and hands back the route data on code 200', async () => {
    api.serve(() => json({ code: 200, result: 'success', data: { records: [], total: 0 } }));
    const r = await consoleCall('GET', '/admin/users', { q: 'a b' });
    expect(api.calls[0]?.url).toBe('/api/admin/users?q=a+b');
    expect(r).toMatchObject({ ok: true, code: 200, data: { records: [], total: 0 } });
  });

  it('shows nothing and keeps the login when the console session has ended (401)', async () => {
    setToken('still-logged-in');
    api.serve(() => json({ code: 401, result: '控制台会话已结束', data: null }, 401));
    const r = await consoleCall('POST', '/admin/totp/enrol');
    expect(r).toMatchObject({ ok: false, status: 401, code: 401, result: '控制台会话已结束' });
    expect(getToken()).toBe('still-logged-in');
    expect(api.reload).not.toHaveBeenCalled();
    expect(api.notices).toEqual([]);
  });

  it("hands a refusal's data to the form: a 400's per-field messages", async () => {
    api.serve(() => json({ code: 400, result: '请检查', data: { fields: { name: '必填' } } }, 400));
    const r = await consoleCall('POST', '/admin/products', {} as never);
    expect(r.ok).toBe(false);
    expect(fieldErrors(r.data)).toEqual({ name: '必填' });
    expect(fieldErrors(null)).toEqual({});
  });

  it('leaves the text empty when the server sent none, so the screen says it in its own words', async () => {
    api.serve(hang);
    const controller = new AbortController();
    const pending = consoleCall('GET', '/admin/me', undefined, { signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, result: '' });
    api.serve(() => {
      throw new TypeError('network down');
    });
    expect(await consoleCall('GET', '/admin/me')).toMatchObject({ ok: false, code: 0, result: '' });
    expect(api.notices).toEqual([]);
  });
});
