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
/**
 * One promise per language and list, the same for every render: IslandRoot reads it with React's
 * `use`, which takes one already marked fulfilled at once (status, value), so an island whose
 * texts are here never waits, and keys its i18next instance by the one texts object.
 */
export type TextsThenable = Promise<IslandMessages> & { status?: 'fulfilled'; value?: IslandMessages };
const built = new Map<string, TextsThenable>();

function fulfilled(messages: IslandMessages): TextsThenable {
  return Object.assign(Promise.resolve(messages), { status: 'fulfilled' as const, value: messages });
}

const fileOf = (lang: string, ns: string) => `../../locales/${lang}/${ns}.json`;

async function load(lang: string, ns: string): Promise<Record<string, string>> {
  const known = loaded.get(`${lang}/${ns}`);
  if (known) return known;
  const read = files[fileOf(lang, ns)];
  if (!read) throw new Error(`no ${lang}/${ns} texts`);
  // Once more after a second, as Astro retries an island's own module.
  const texts = await read().catch(() => new Promise((r) => window.setTimeout(r, 1000)).then(read));
  loaded.set(`${lang}/${ns}`, texts);
  return texts;
}

/** Set on <html> while an island waits for its texts: what "hydrated" means to the browser tests. */
const PENDING = 'data-island-texts';
let pendingLoads = 0;
function track<T>(promise: Promise<T>): Promise<T> {
  if (typeof document === 'undefined') return promise;
  pendingLoads += 1;
  document.documentElement.setAttribute(PENDING, '');
  const done = () => {
    pendingLoads -= 1;
    if (pendingLoads === 0) document.documentElement.removeAttribute(PENDING);
  };
  promise.then(done, done);
  return promise;
}

/**
 * The texts of `namespaces` in `lang`, as a promise marked fulfilled when
 * they are here (always on the server; in the browser once loaded), else
 * pending until they are.
 */
export function islandTexts(lang: string, namespaces: IslandTexts): TextsThenable {
  const key = `${lang}|${namespaces.join(',')}`;
  const known = built.get(key);
  if (known) return known;
  const registry = scope[SERVER_TEXTS];
  const here = namespaces.map((ns) => registry?.get(`${lang}/${ns}`) ?? loaded.get(`${lang}/${ns}`));
  if (here.every((t) => t !== undefined)) {
    const ready = fulfilled(Object.fromEntries(namespaces.map((ns, i) => [ns, here[i] as Record<string, string>])));
    built.set(key, ready);
    return ready;
  }
  const pending: TextsThenable = track(
    Promise.all(namespaces.map((ns) => load(lang, ns))).then((all) => {
      const messages = Object.fromEntries(namespaces.map((ns, i) => [ns, all[i] as Record<string, string>]));
      Object.assign(pending, { status: 'fulfilled', value: messages });
      return messages;
    }),
  );
  built.set(key, pending);
  // Offline (or the page left while loading): a later mount tries again.
  pending.catch(() => built.delete(key));
  return pending;
}
