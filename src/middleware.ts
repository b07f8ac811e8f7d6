import { defineMiddleware } from 'astro:middleware';
import { getRuntime } from './server/runtime';
import { isCacheable, pageKey } from './server/services/pages/cached-paths';
import { cachedPage } from './server/services/pages/page-cache';
import { i18nOf, LANGUAGE_COOKIE, pickLanguage } from './shared/i18n';

/**
 * Per-request language and `t`, from the cookie mirroring appSetting.language;
 * the public pages come from the page cache (docs/page-cache.md).
 */
export const onRequest = defineMiddleware((context, next) => {
  const lang = pickLanguage(context.cookies.get(LANGUAGE_COOKIE)?.value);
  context.locals.lang = lang;
  context.locals.t = i18nOf(lang).t;
  if (!isCacheable(context.request, context.url)) return next();
  const setsCookies = () => !context.cookies.headers().next().done;
  return cachedPage(getRuntime(), context.request, pageKey(lang, context.url), next, setsCookies);
});
