import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { setToken } from '../../src/stores/auth';
import { $log, $user, loadUser } from '../../src/stores/user';
import { installApiHarness, json } from './support/api-harness';

const api = installApiHarness();
const info = (vipType: number | null) => ({
  baseUserId: 7,
  email: 'a@b.cn',
  emailVerified: true,
  nickname: 'a',
  avatarUrl: null,
  description: '默认用户',
  vipType,
  startDate: null,
  endDate: null,
  plusType: null,
  startDatePlus: null,
  endDatePlus: null,
  hasPassword: true,
  wechatBound: false,
});

afterEach(() => {
  cleanStores($user, $log);
  $log.set(null);
});

describe('user store', () => {
  it('loads the user for a stored token, and the log data when there is no membership', async () => {
    setToken('tok');
    api.serve((url) =>
      url.endsWith('/user/info')
        ? json({ code: 200, result: 'success', data: info(null) })
        : json({ code: 200, result: 'success', data: { avatar: null, orderFlag: true } }),
    );
    const user = await loadUser();
    expect(user?.baseUserId).toBe(7);
    await expect.poll(() => $log.get()).toEqual({ avatar: null, orderFlag: true });
    expect(api.calls.map((c) => c.url)).toEqual(['/api/user/info', '/api/user/log']);
    expect(api.headersOf(0).get('authorization')).toBe('Bearer tok');
  });

  it('skips the log data for members, and stays anonymous without a token', async () => {
    setToken('tok');
    api.serve(() => json({ code: 200, result: 'success', data: info(1) }));
    await loadUser();
    expect(api.calls.map((c) => c.url)).toEqual(['/api/user/info']);
    expect($log.get()).toBeNull();

    setToken('');
    expect(await loadUser()).toBeNull();
    expect($user.get()).toEqual({ status: 'anonymous' });
  });
});
