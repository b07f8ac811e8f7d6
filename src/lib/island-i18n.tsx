import i18next, { type i18n } from 'i18next';
import { type ReactNode, use, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type IslandMessages, type IslandTexts, islandTexts } from './island-texts';

export type { IslandMessages, IslandTexts } from './island-texts';

export interface IslandI18nProps {
  lang: string;
  /** The namespaces of the island's texts (island-texts.ts); or the texts themselves (tests, lazy roots). */
  messages: IslandTexts | IslandMessages;
}

/**
 * One i18next instance per island, built from the page's props: the island
 * bundle carries no locale files, only the texts of its own language.
 */
function createIslandI18n({ lang, messages }: { lang: string; messages: IslandMessages }, defaultNS: string): i18n {
  // The server renders every island of a page (and every page) from the same messages object.
  const known = instances.get(messages)?.get(`${lang}|${defaultNS}`);
  if (known) return known;
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    resources: { [lang]: messages },
    ns: Object.keys(messages),
    defaultNS,
    keySeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // Islands never switch language or add texts at run time (a language change reloads the page):
    // no per-component listeners to bind.
    react: { bindI18n: '', bindI18nStore: '' },
  });
  memoizeFixedT(instance, plainText(messages, defaultNS));
  const byNs = instances.get(messages) ?? new Map<string, i18n>();
  byNs.set(`${lang}|${defaultNS}`, instance);
  instances.set(messages, byNs);
  return instance;
}
const instances = new WeakMap<IslandMessages, Map<string, i18n>>();

/**
 * i18next's `t` copies its options and walks its resolution steps on every call: a picture
 * card's few labels times 30 cards was a fifth of /draw's first render (bench/RESULTS.md,
 * main-thread work). The texts never change after init, so a key asked without options
 * (no interpolation, plural or context) is resolved once per language, namespace and prefix.
 */
function memoizeFixedT(instance: i18n, plain: (key: string, ns: unknown) => string | undefined): void {
  type Fixed = ((key: unknown, ...args: unknown[]) => unknown) & {
    lng?: unknown;
    lngs?: unknown;
    ns?: unknown;
    keyPrefix?: unknown;
  };
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...a: unknown[]) => Fixed;
  const caches = new Map<string, Map<string, unknown>>();
  const memoized = (lng: unknown, ns: unknown, keyPrefix: unknown, ...rest: unknown[]): Fixed => {
    const fixed = getFixedT(lng, ns, keyPrefix, ...rest);
    // react-i18next passes { scopeNs }, which only matters to selector keys (functions), never cached.
    if (typeof keyPrefix === 'function') return fixed;
    const id = JSON.stringify([lng ?? null, ns ?? null, keyPrefix ?? null]);
    const known = caches.get(id) ?? new Map<string, unknown>();
    caches.set(id, known);
    const memo = (key: unknown, ...args: unknown[]) => {
      if (args.length > 0 || typeof key !== 'string') return fixed(key, ...args);
      if (!known.has(key)) known.set(key, (keyPrefix == null ? plain(key, ns) : undefined) ?? fixed(key));
      return known.get(key);
    };
    // react-i18next reads these back from the function it is given.
    return Object.assign(memo, { lng: fixed.lng, lngs: fixed.lngs, ns: fixed.ns, keyPrefix: fixed.keyPrefix });
  };
  instance.getFixedT = memoized as unknown as i18n['getFixedT'];
}

/**
 * A key's text straight from the island's messages when i18next would return it unchanged:
 * found, a non-empty string, nothing to interpolate or nest. Skips i18next's resolution on the first
 * call of each key, which is most of a first render's text work (its code runs cold then).
 * `ns` is the fixed `t`'s namespace (or list, tried in order); 'ns:key' names its own.
 * Anything else (missing or empty, options, `{{…}}`, `$t(…)`) is left to i18next.
 */
function plainText(messages: IslandMessages, defaultNS: string) {
  return (key: string, ns: unknown): string | undefined => {
    const parts = key.split(':');
    if (parts.length > 2) return undefined;
    const names = parts.length === 2 ? [parts[0]] : Array.isArray(ns) ? ns : [ns ?? defaultNS];
    const name = parts.length === 2 ? parts[1] : key;
    for (const n of names) {
      const text = typeof n === 'string' ? messages[n]?.[name] : undefined;
      if (text === undefined) continue;
      return typeof text === 'string' && text !== '' && !text.includes('{{') && !text.includes('$t(')
        ? text
        : undefined;
    }
    return undefined;
  };
}

/**
 * The one root every island entry mounts through: i18n in the language the
 * server rendered the page in. `ns` is the namespace of keys given without one.
 * Built once per mount: an island's props never change after hydration.
 */
export function IslandRoot({ lang, messages, ns, children }: IslandI18nProps & { ns: string; children: ReactNode }) {
  // In the browser the first mount of a language's namespaces waits for their chunks: a hydrating
  // island keeps the server's HTML meanwhile, a client-only one its fallback.
  const texts = isTextList(messages) ? use(islandTexts(lang, messages) as Promise<IslandMessages>) : messages;
  const [instance] = useState(() => createIslandI18n({ lang, messages: texts }, ns));
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}

const isTextList = (m: IslandTexts | IslandMessages): m is IslandTexts => Array.isArray(m);
