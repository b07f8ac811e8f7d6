import { persistentAtom } from '@nanostores/persistent';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from '../shared/languages';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** "App setting", local key `appSetting` (docs/routes-and-screens.md). */
export interface AppSetting {
  siderCollapsed: boolean;
  theme: Theme;
  language: Language;
}

export const APP_SETTING_KEY = 'appSetting';

export const DEFAULT_APP_SETTING: Readonly<AppSetting> = Object.freeze({
  siderCollapsed: false,
  theme: 'light',
  language: DEFAULT_LANGUAGE,
});

/** One year: the cookie only mirrors local storage, which never expires. */
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/**
 * Field by field, so one bad value (an older release, a hand edit) does not
 * throw away the others; anything unreadable becomes the default.
 */
export function decodeAppSetting(raw: string): AppSetting {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ...DEFAULT_APP_SETTING };
  }
  if (typeof parsed !== 'object' || parsed === null) return { ...DEFAULT_APP_SETTING };
  const value = parsed as Partial<Record<keyof AppSetting, unknown>>;
  return {
    siderCollapsed:
      typeof value.siderCollapsed === 'boolean' ? value.siderCollapsed : DEFAULT_APP_SETTING.siderCollapsed,
    theme: isTheme(value.theme) ? value.theme : DEFAULT_APP_SETTING.theme,
    language: isLanguage(value.language) ? value.language : DEFAULT_APP_SETTING.language,
  };
}

export const $appSetting = persistentAtom<AppSetting>(
  APP_SETTING_KEY,
  { ...DEFAULT_APP_SETTING },
  { encode: JSON.stringify, decode: decodeAppSetting },
);

export type CookieWriter = (cookie: string) => void;

function documentCookieWriter(cookie: string): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support yet, and languageCookie() builds and escapes the value.
  document.cookie = cookie;
}

let writeCookie: CookieWriter = documentCookieWriter;

/** Replaces how the language cookie is written (tests); returns the previous writer. */
export function setCookieWriter(writer: CookieWriter): CookieWriter {
  const previous = writeCookie;
  writeCookie = writer;
  return previous;
}

/** The `Set-Cookie`-style string mirroring `lang` for server rendering. */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`;
}

export function setSiderCollapsed(collapsed: boolean): void {
  $appSetting.set({ ...$appSetting.get(), siderCollapsed: collapsed });
}

export function setTheme(theme: Theme): void {
  $appSetting.set({ ...$appSetting.get(), theme });
}

/**
 * Saves and mirrors the language only when it changes (docs/state-machines.md).
 * Returns whether it changed.
 */
export function setLanguage(language: Language): boolean {
  // Islands may pass a raw <select> value through a cast; never persist junk.
  if (!isLanguage(language)) return false;
  const current = $appSetting.get();
  if (current.language === language) return false;
  $appSetting.set({ ...current, language });
  writeCookie(languageCookie(language));
  return true;
}

/**
 * Re-writes the cookie from the stored language, for page start-up: the
 * cookie may have expired or been cleared while local storage kept the choice.
 */
export function syncLanguageCookie(): void {
  writeCookie(languageCookie($appSetting.get().language));
}
