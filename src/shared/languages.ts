/**
 * The supported languages, without i18next or any translation: the stores
 * and layout scripts on every page need these constants, and importing them
 * from ./i18n would bundle every locale into those pages (bench/RESULTS.md).
 */
export const LANGUAGES = ['zh-CN', 'en-US', 'zh-TW'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const FALLBACK_LANGUAGE: Language = 'en-US';
/** Cookie mirroring appSetting.language so the server renders in it. */
export const LANGUAGE_COOKIE = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
