import { $appSetting } from '../../stores/app-setting';
import { commonT } from '../common-t';
import { toast } from '../toast';

export type NotifyKind = 'success' | 'info' | 'warning' | 'error';
/** Shows a message to the person; the layout wires it to its toast. */
export type Notify = (kind: NotifyKind, text: string) => void;
/** A message for a key; the default loads the language's texts at the first message (`common-t.ts`). */
export type Translate = (key: string) => string | Promise<string>;
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ApiConfig {
  /** Prefix of every relative path (docs/api.md). */
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

/** Toasts where there is a page to show them on, the console elsewhere (tests, server render). */
function defaultNotify(kind: NotifyKind, text: string): void {
  if (typeof document !== 'undefined') {
    toast[kind](text);
    return;
  }
  if (kind === 'error') console.error(text);
  else if (kind === 'warning') console.warn(text);
  else console.info(text);
}

/** Follows the chosen language. */
function settingsTranslate(key: string): Promise<string> {
  return commonT($appSetting.get().language, key);
}

function defaultConfig(): ApiConfig {
  return {
    baseUrl: '/api',
    // Looked up per call and called unbound-free: browsers throw "Illegal
    // invocation" when window.fetch is called as a method of another object.
    fetch: (input, init) => globalThis.fetch(input, init),
    notify: defaultNotify,
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
