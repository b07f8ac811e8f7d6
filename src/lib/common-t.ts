import { FALLBACK_LANGUAGE, type Language } from '../shared/languages';

// Each language's `common` texts are their own chunk, loaded the first time
// a message is needed: a page whose calls all succeed downloads none of them.
const files = import.meta.glob<Record<string, string>>('../../locales/*/common.json', { import: 'default' });
const loaded = new Map<Language, Promise<Record<string, string>>>();

function texts(lang: Language): Promise<Record<string, string>> {
  let known = loaded.get(lang);
  if (!known) {
    const read = files[`../../locales/${lang}/common.json`];
    known = read ? read() : Promise.resolve({});
    // A failed load (offline) is tried again next time.
    known.catch(() => loaded.delete(lang));
    loaded.set(lang, known);
  }
  return known;
}

/**
 * A translator for the `common` namespace without i18next: the API client's
 * messages (timeouts, network errors) are needed on pages whose islands may
 * not load i18next at all. Keys fall back to en-US, then to the key itself.
 */
export async function commonT(
  lang: Language,
  key: string,
  params: Record<string, string | number> = {},
): Promise<string> {
  const own = await texts(lang).catch(() => ({}) as Record<string, string>);
  const text = own[key] ?? (await texts(FALLBACK_LANGUAGE).catch(() => ({}) as Record<string, string>))[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
