import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeEach, type Mock, vi } from 'vitest';
import { configureApi, type FetchLike, type NotifyKind, resetApiConfig } from '../../../src/lib/api';
import { $appSetting } from '../../../src/stores/app-setting';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Never answers, but rejects like fetch when its signal aborts. */
export const hang: FetchLike = (_url, init) =>
  new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

export interface ApiHarness {
  calls: { url: string; init: RequestInit }[];
  notices: [NotifyKind, string][];
  reload: Mock<() => void>;
  /** Answers every call with `respond`, recording what was sent. */
  serve(respond: (url: string, init: RequestInit) => Response | Promise<Response>): void;
  headersOf(call: number): Headers;
}

/**
 * Registers hooks giving each test an empty test storage, zh-CN settings and
 * a client whose notify/reload are recorded; fetch is set per test.
 */
export function installApiHarness(): ApiHarness {
  const harness: ApiHarness = {
    calls: [],
    notices: [],
    reload: vi.fn<() => void>(),
    serve(respond) {
      configureApi({
        fetch: async (url, init) => {
          harness.calls.push({ url, init });
          return respond(url, init);
        },
      });
    },
    headersOf: (call) => new Headers(harness.calls[call]?.init.headers),
  };

  beforeEach(() => {
    useTestStorageEngine();
    cleanTestStorage();
    $appSetting.set({ siderCollapsed: false, theme: 'light', language: 'zh-CN' });
    harness.calls = [];
    harness.notices = [];
    harness.reload = vi.fn<() => void>();
    resetApiConfig();
    configureApi({ notify: (kind, text) => harness.notices.push([kind, text]), reload: harness.reload });
  });

  afterEach(() => {
    vi.useRealTimers();
    resetApiConfig();
  });

  return harness;
}
