import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEAD_SCRIPT } from '../../src/lib/head-script';
import { guardTarget, hashRedirectTarget, isActivePath, LEGACY_HASH_ROUTES } from '../../src/lib/routing';

describe('hashRedirectTarget', () => {
  it.each(LEGACY_HASH_ROUTES.map((route) => [`#/${route}`, `/${route}`]))('maps %s to %s', (hash, path) => {
    expect(hashRedirectTarget(hash)).toBe(path);
  });

  it('keeps the query and tolerates a trailing slash', () => {
    expect(hashRedirectTarget('#/product?type=2')).toBe('/product?type=2');
    expect(hashRedirectTarget('#/draw/')).toBe('/draw');
    expect(hashRedirectTarget('#/draw/?from=square')).toBe('/draw?from=square');
  });

  it('ignores other hashes', () => {
    for (const hash of ['', '#', '#draw', '#/chat', '#/drawing', '#/draw/1', '#/sdx', '#/Draw', '#top']) {
      expect(hashRedirectTarget(hash)).toBeNull();
    }
  });
});

describe('guardTarget', () => {
  it('sends visitors without a token from /500 to Root', () => {
    expect(guardTarget('/500', false)).toBe('/');
    expect(guardTarget('/500/', false)).toBe('/');
  });

  it('lets everything else through', () => {
    expect(guardTarget('/500', true)).toBeNull();
    expect(guardTarget('/chat', false)).toBeNull();
    expect(guardTarget('/5000', false)).toBeNull();
    expect(guardTarget('/', false)).toBeNull();
  });
});

describe('isActivePath', () => {
  const chat = ['/chat', '/midjourney'];
  it('matches the section and its sub-pages', () => {
    expect(isActivePath('/chat', chat)).toBe(true);
    expect(isActivePath('/chat/', chat)).toBe(true);
    expect(isActivePath('/chat/1002', chat)).toBe(true);
    expect(isActivePath('/midjourney', chat)).toBe(true);
  });
  it('does not match look-alike paths', () => {
    expect(isActivePath('/chatroom', chat)).toBe(false);
    expect(isActivePath('/', chat)).toBe(false);
  });
});

describe('HEAD_SCRIPT', () => {
  afterEach(() => vi.unstubAllGlobals());

  function run(url: string, storage: Record<string, string>, cookie = '', lang = 'zh-CN') {
    const parsed = new URL(url);
    const replace = vi.fn();
    const reload = vi.fn();
    const classes = new Set<string>();
    const dataset: Record<string, string> = {};
    const history = { scrollRestoration: 'auto' };
    vi.stubGlobal('location', { hash: parsed.hash, pathname: parsed.pathname, replace, reload });
    vi.stubGlobal('localStorage', { getItem: (key: string) => storage[key] ?? null });
    vi.stubGlobal('history', history);
    vi.stubGlobal('addEventListener', vi.fn());
    const doc = {
      cookie,
      documentElement: {
        lang,
        classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
        dataset,
      },
    };
    vi.stubGlobal('document', doc);
    // The script must work as standalone text, exactly as the browser receives it.
    new Function(HEAD_SCRIPT)();
    return { replace, reload, classes, dataset, history, cookie: doc.cookie };
  }

  it('replaces an old hash route with its plain path', () => {
    expect(run('http://x/terms#/draw', {}).replace).toHaveBeenCalledWith('/draw');
  });

  it('guards /500 only without a token', () => {
    expect(run('http://x/500', {}).replace).toHaveBeenCalledWith('/');
    expect(run('http://x/500', { SECRET_TOKEN: 't' }).replace).not.toHaveBeenCalled();
  });

  it('applies the saved theme and manual scroll restoration', () => {
    const dark = run('http://x/terms', { appSetting: '{"theme":"dark"}' });
    expect(dark.classes.has('dark')).toBe(true);
    expect(dark.history.scrollRestoration).toBe('manual');
    expect(run('http://x/terms', { appSetting: 'not json' }).classes.has('dark')).toBe(false);
  });

  it('marks <html> with data-auth only when a token is stored', () => {
    expect(run('http://x/draw', { SECRET_TOKEN: 't' }).dataset).toEqual({ auth: '' });
    expect(run('http://x/draw', {}).dataset).toEqual({});
    expect(run('http://x/draw', { SECRET_TOKEN: '' }).dataset).toEqual({});
  });

  it('restores a lost lang cookie from appSetting.language and reloads once into that language', () => {
    const en = '{"language":"en-US"}';
    const lost = run('http://x/chat', { appSetting: en });
    expect(lost.cookie).toMatch(/^lang=en-US; path=\/; max-age=\d+; SameSite=Lax$/);
    expect(lost.reload).toHaveBeenCalledOnce();
    // Already rendered in it (Accept-Language): the cookie only.
    const same = run('http://x/chat', { appSetting: en }, '', 'en-US');
    expect(same.cookie).toContain('lang=en-US');
    expect(same.reload).not.toHaveBeenCalled();
    // A cookie present wins; no language stored, nothing to restore.
    expect(run('http://x/chat', { appSetting: en }, 'lang=zh-TW').reload).not.toHaveBeenCalled();
    expect(run('http://x/chat', {}).cookie).toBe('');
  });
});
