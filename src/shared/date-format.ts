/** How many formatters are kept; past it, a new one is built each time (options come from settings). */
const MAX_KEPT = 256;
const kept = new Map<string, Intl.DateTimeFormat>();

/**
 * One Intl.DateTimeFormat per language and options, kept: building one takes
 * ~0.15 ms, and a page's server render built one per island that shows a
 * date (the site's modals on every page), a tenth of its server time.
 */
export function dateTimeFormat(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}\u0000${JSON.stringify(options)}`;
  let format = kept.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, options);
    if (kept.size < MAX_KEPT) kept.set(key, format);
  }
  return format;
}
