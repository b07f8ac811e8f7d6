import {
  cleanTestStorage,
  getTestStorage,
  type PersistentStore,
  setPersistentEngine,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type AppSettingModule = typeof import('../../src/stores/app-setting');

let mod: AppSettingModule | undefined;

/** Fresh module per test: the store reads local storage when it is created, like on page load. */
async function load(): Promise<AppSettingModule> {
  vi.resetModules();
  mod = await import('../../src/stores/app-setting');
  return mod;
}

/** Storage that records every write, to prove what is (not) saved. */
function countingEngine(): { writes: string[]; data: PersistentStore } {
  const data: PersistentStore = {};
  const writes: string[] = [];
  const storage = new Proxy(data, {
    set(target, key, value) {
      writes.push(String(key));
      return Reflect.set(target, key, value);
    },
  });
  setPersistentEngine(storage, { addEventListener() {}, removeEventListener() {} });
  return { writes, data };
}

beforeEach(() => {
  useTestStorageEngine();
  cleanTestStorage();
});

afterEach(() => {
  if (mod) cleanStores(mod.$appSetting);
  mod = undefined;
});

describe('$appSetting', () => {
  it('starts from the documented defaults', async () => {
    const { $appSetting } = await load();
    expect($appSetting.get()).toEqual({ siderCollapsed: false, theme: 'light', language: 'zh-CN' });
  });

  it('reads the stored value at start-up', async () => {
    setTestStorageKey('appSetting', JSON.stringify({ siderCollapsed: true, theme: 'dark', language: 'en-US' }));
    const { $appSetting } = await load();
    expect($appSetting.get()).toEqual({ siderCollapsed: true, theme: 'dark', language: 'en-US' });
  });

  it('falls back to defaults for corrupt data, field by field', async () => {
    setTestStorageKey('appSetting', '{not json');
    let { $appSetting } = await load();
    expect($appSetting.get()).toEqual({ siderCollapsed: false, theme: 'light', language: 'zh-CN' });

    cleanStores($appSetting);
    setTestStorageKey('appSetting', JSON.stringify({ siderCollapsed: 'yes', theme: 'dark', language: 'fr-FR' }));
    ({ $appSetting } = await load());
    expect($appSetting.get()).toEqual({ siderCollapsed: false, theme: 'dark', language: 'zh-CN' });
  });

  it('saves theme and sider changes immediately', async () => {
    const { $appSetting, setSiderCollapsed, setTheme } = await load();
    setTheme('dark');
    expect(JSON.parse(getTestStorage().appSetting ?? '')).toEqual({
      siderCollapsed: false,
      theme: 'dark',
      language: 'zh-CN',
    });
    setSiderCollapsed(true);
    expect(JSON.parse(getTestStorage().appSetting ?? '').siderCollapsed).toBe(true);
    expect($appSetting.get()).toMatchObject({ siderCollapsed: true, theme: 'dark' });
  });

  it('saves and mirrors the language to the cookie only when it changes', async () => {
    const { writes } = countingEngine();
    const { $appSetting, setCookieWriter, setLanguage } = await load();
    const cookies: string[] = [];
    setCookieWriter((cookie) => cookies.push(cookie));

    expect(setLanguage('zh-CN')).toBe(false);
    expect(writes).toEqual([]);
    expect(cookies).toEqual([]);

    expect(setLanguage('en-US')).toBe(true);
    expect(writes).toEqual(['appSetting']);
    expect(cookies).toEqual(['lang=en-US; path=/; max-age=31536000; SameSite=Lax']);
    expect($appSetting.get().language).toBe('en-US');

    expect(setLanguage('en-US')).toBe(false);
    expect(writes).toHaveLength(1);
    expect(cookies).toHaveLength(1);
  });

  it('ignores a value that is not a supported language', async () => {
    const { writes } = countingEngine();
    const { $appSetting, setCookieWriter, setLanguage } = await load();
    const cookie = vi.fn();
    setCookieWriter(cookie);
    expect(setLanguage('fr-FR' as never)).toBe(false);
    expect(writes).toEqual([]);
    expect(cookie).not.toHaveBeenCalled();
    expect($appSetting.get().language).toBe('zh-CN');
  });

  it('re-writes the cookie from the stored language on start-up', async () => {
    setTestStorageKey('appSetting', JSON.stringify({ siderCollapsed: false, theme: 'light', language: 'zh-TW' }));
    const { setCookieWriter, syncLanguageCookie } = await load();
    const cookie = vi.fn();
    setCookieWriter(cookie);
    syncLanguageCookie();
    expect(cookie).toHaveBeenCalledWith('lang=zh-TW; path=/; max-age=31536000; SameSite=Lax');
  });

  it('follows a change made in another tab while mounted', async () => {
    const { $appSetting } = await load();
    const seen: string[] = [];
    const unbind = $appSetting.listen((value) => seen.push(value.theme));
    setTestStorageKey('appSetting', JSON.stringify({ siderCollapsed: false, theme: 'dark', language: 'zh-CN' }));
    expect($appSetting.get().theme).toBe('dark');
    expect(seen).toEqual(['dark']);
    unbind();
  });
});
