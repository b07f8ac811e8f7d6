import { $appSetting } from '../../stores/app-setting';
import { createI18n, type Language } from '../i18n';

export type NotifyKind = 'success' | 'info' | 'warning' | 'error';
/** Shows a message to the person; the layout wires it to its toast. */
export type Notify = (kind: NotifyKind, text: string) => void;
export type Translate = (key: string) => string;
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ApiConfig {
  /** Prefix of every relative path (SPEC §7). */
  baseUrl: string;
  fetch: FetchLike;
  notify: Notify;
  t: Translate;
  /** Called after a 401 cleared the token, so the page starts logged out. */
  reload: () => void;
  /** Applies to ordinary requests, never to `stream: true` ones. */
  timeoutMs: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

function consoleNotify(kind: NotifyKind, text: string): void {
  if (kind === 'error') console.error(text);
  else if (kind === 'warning') console.warn(text);
  else console.info(text);
}

let cached: { language: Language; t: Translate } | undefined;

/** Follows the chosen language; one i18next instance per language in use. */
function settingsTranslate(key: string): string {
  const { language } = $appSetting.get();
  if (cached?.language !== language) {
    const instance = createI18n(language);
    cached = { language, t: (k) => instance.t(k) };
  }
  return cached.t(key);
}

function defaultConfig(): ApiConfig {
  return {
    baseUrl: '/api',
    // Looked up per call and called unbound-free: browsers throw "Illegal
    // invocation" when window.fetch is called as a method of another object.
    fetch: (input, init) => globalThis.fetch(input, init),
    notify: consoleNotify,
    t: settingsTranslate,
    reload: () => globalThis.location?.reload(),
    timeoutMs: DEFAULT_TIMEOUT_MS,
  };
}

let config: ApiConfig = defaultConfig();

export function apiConfig(): Readonly<ApiConfig> {
  return config;
}

/** Overrides parts of the client's environment; returns a function undoing it. */
export function configureApi(patch: Partial<ApiConfig>): () => void {
  const previous = config;
  config = { ...config, ...patch };
  return () => {
    config = previous;
  };
}

/** Back to the browser defaults (tests). */
export function resetApiConfig(): void {
  config = defaultConfig();
}
