import type { TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, type Language, translatorOf } from '../shared/i18n';

/**
 * Language and `t` of the current request. The error page can render after a
 * failure in the middleware itself, so it must not assume locals are set.
 */
export function pageI18n(locals: Partial<App.Locals>): { lang: Language; t: TFunction } {
  if (locals.lang && locals.t) return { lang: locals.lang, t: locals.t };
  const lang = locals.lang ?? DEFAULT_LANGUAGE;
  return { lang, t: translatorOf(lang) };
}
