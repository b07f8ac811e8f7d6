import { defineMiddleware } from 'astro:middleware';
import { cachedPageResponse } from './server/page-http';
import { getRuntime } from './server/runtime';
import { isCacheable, pageKey, pageKind } from './server/services/pages/cached-paths';
import { LANGUAGE_COOKIE, pickLanguage, translatorOf } from './shared/i18n';

/**
 * Per-request language and `t`, from the cookie mirroring appSetting.language;
 * the public pages come from the page cache (docs/page-cache.md); what is
 * rendered for one request alone is compressed whole by the server (server/page-encoding.ts).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const lang = pickLanguage(context.cookies.get(LANGUAGE_COOKIE)?.value);
  context.locals.lang = lang;
  context.locals.t = translatorOf(lang);
  if (!isCacheable(context.request, context.url)) return next();
  const setsCookies = () => !context.cookies.headers().next().done;
  const key = pageKey(lang, context.url);
  return cachedPageResponse(getRuntime(), context.request, key, next, setsCookies, pageKind(context.url));
});
