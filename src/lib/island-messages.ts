import { type Language, resources } from '../../lib/i18n';
import type { IslandMessages } from './i18n';

/** For .astro frontmatter only (server side): the namespaces an island needs, in one language. */
export function islandMessages(lang: Language, namespaces: string[] = ['chat', 'layout']): IslandMessages {
  const all = resources[lang] ?? {};
  return Object.fromEntries(namespaces.map((ns) => [ns, all[ns] ?? {}]));
}
