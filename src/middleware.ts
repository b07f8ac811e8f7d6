import { defineMiddleware } from 'astro:middleware';
import { isSquarePage, squarePageCache } from './server/services/drawing/page-cache';
import { createI18n, LANGUAGE_COOKIE, pickLanguage } from './shared/i18n';

/** Per-request language and `t`, from the cookie mirroring appSetting.language. */
export const onRequest = defineMiddleware((context, next) => {
  const lang = pickLanguage(context.cookies.get(LANGUAGE_COOKIE)?.value);
  context.locals.lang = lang;
  context.locals.t = createI18n(lang).t;
  if (isSquarePage(context.url)) return squarePageCache(context, next);
  return next();
});
