import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type AuthModule = typeof import('../../src/stores/auth');

let mod: AuthModule | undefined;

async function load(): Promise<AuthModule> {
  vi.resetModules();
  mod = await import('../../src/stores/auth');
  return mod;
}

beforeEach(() => {
  useTestStorageEngine();
  cleanTestStorage();
});

afterEach(() => {
  if (mod) cleanStores(mod.$token);
  mod = undefined;
});

describe('auth token store', () => {
  it('has no token on a fresh browser', async () => {
    const { $token, getToken } = await load();
    expect(getToken()).toBeUndefined();
    expect($token.get()).toBeUndefined();
  });

  it('reads SECRET_TOKEN from local storage at start-up', async () => {
    setTestStorageKey('SECRET_TOKEN', 'stored-token');
    const { getToken } = await load();
    expect(getToken()).toBe('stored-token');
  });

  it('keeps a set token in memory and as a plain string in local storage', async () => {
    const { $token, getToken, setToken } = await load();
    setToken('abc.def');
    expect(getToken()).toBe('abc.def');
    expect($token.get()).toBe('abc.def');
    expect(getTestStorage()).toEqual({ SECRET_TOKEN: 'abc.def' });
  });

  it('removeToken clears memory and storage', async () => {
    const { getToken, removeToken, setToken } = await load();
    setToken('abc');
    removeToken();
    expect(getToken()).toBeUndefined();
    expect('SECRET_TOKEN' in getTestStorage()).toBe(false);
  });

  it('treats an empty token as logging out', async () => {
    setTestStorageKey('SECRET_TOKEN', 'old');
    const { getToken, setToken } = await load();
    setToken('');
    expect(getToken()).toBeUndefined();
    expect(getTestStorage()).toEqual({});
  });

  it('sees a logout from another tab while mounted', async () => {
    const { $token, getToken, setToken } = await load();
    setToken('abc');
    const unbind = $token.listen(() => {});
    setTestStorageKey('SECRET_TOKEN', undefined);
    expect(getToken()).toBeUndefined();
    unbind();
  });
});
