/** namespace → flat keys, for one language: all the texts an island needs. */
export type IslandMessages = Record<string, Record<string, string>>;

/**
 * What a page passes an island for its texts: the names of its namespaces, in
 * the page's language (the island's `lang`). The texts are no prop: Astro
 * wrote a serialised copy of them into every page (10–15 KB of each island
 * page's HTML, and their serialisation was a large share of its render). In
 * the browser each language's namespace is its own hashed, immutable chunk,
 * shared by every page that needs it; on the server the page registers them
 * (src/lib/island-messages.ts), so islands render there without waiting.
 */
export type IslandTexts = readonly string[];

/** Filled by the server's pages (islandMessages): `lang/ns` → texts. Absent in the browser. */
const SERVER_TEXTS = Symbol.for('miaobi.islandTexts');
type Registry = Map<string, Record<string, string>>;
const scope = globalThis as { [SERVER_TEXTS]?: Registry };

/** The server's registry of texts islands render with (created on first use). */
export function serverTexts(): Registry {
  scope[SERVER_TEXTS] ??= new Map();
  return scope[SERVER_TEXTS];
}

const files = import.meta.glob<Record<string, string>>('../../locales/*/*.json', { import: 'default' });
/** Loaded namespaces, by `lang/ns`. */
const loaded = new Map<string, Record<string, string>>();
/** One object (or one pending load) per language and list: IslandRoot keys its i18next instance by it. */
const built = new Map<string, IslandMessages | Promise<IslandMessages>>();

const fileOf = (lang: string, ns: string) => `../../locales/${lang}/${ns}.json`;

async function load(lang: string, ns: string): Promise<Record<string, string>> {
  const known = loaded.get(`${lang}/${ns}`);
  if (known) return known;
  const read = files[fileOf(lang, ns)];
  if (!read) throw new Error(`no ${lang}/${ns} texts`);
  const texts = await read();
  loaded.set(`${lang}/${ns}`, texts);
  return texts;
}

/**
 * The texts of `namespaces` in `lang`: at once when they are here (always on
 * the server; in the browser once loaded), else a promise of them, the same
 * promise for every caller, so a suspended render resumes with it.
 */
export function islandTexts(lang: string, namespaces: IslandTexts): IslandMessages | Promise<IslandMessages> {
  const key = `${lang}|${namespaces.join(',')}`;
  const known = built.get(key);
  if (known) return known;
  const registry = scope[SERVER_TEXTS];
  const here = namespaces.map((ns) => registry?.get(`${lang}/${ns}`) ?? loaded.get(`${lang}/${ns}`));
  if (here.every((t) => t !== undefined)) {
    const messages = Object.fromEntries(namespaces.map((ns, i) => [ns, here[i] as Record<string, string>]));
    built.set(key, messages);
    return messages;
  }
  const pending = Promise.all(namespaces.map((ns) => load(lang, ns))).then(
    (all) => {
      const messages = Object.fromEntries(namespaces.map((ns, i) => [ns, all[i] as Record<string, string>]));
      built.set(key, messages);
      return messages;
    },
    (err: unknown) => {
      // Offline: a later mount tries again.
      built.delete(key);
      throw err;
    },
  );
  built.set(key, pending);
  return pending;
}
