import { type Language, resources } from '../shared/i18n';
import type { IslandMessages } from './island-i18n';

/**
 * For .astro frontmatter only (server side): the namespaces an island needs,
 * in one language, passed as a prop so island bundles carry no locale files.
 */
export function islandMessages(lang: Language, namespaces: string[] = ['chat', 'layout']): IslandMessages {
  const all = resources[lang] ?? {};
  return Object.fromEntries(namespaces.map((ns) => [ns, all[ns] ?? {}]));
}
