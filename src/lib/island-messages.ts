import { type Language, resources } from '../shared/i18n';
import type { IslandMessages } from './island-i18n';

/**
 * For .astro frontmatter only (server side): the namespaces an island needs,
 * in one language, passed as a prop so island bundles carry no locale files.
 */
export function islandMessages(lang: Language, namespaces: string[] = ['chat', 'layout']): IslandMessages {
  // Built once per language and list: the same object lets IslandRoot reuse its i18next instance.
  const key = `${lang}|${namespaces.join(',')}`;
  let messages = built.get(key);
  if (!messages) {
    const all = resources[lang] ?? {};
    messages = Object.fromEntries(namespaces.map((ns) => [ns, all[ns] ?? {}]));
    built.set(key, messages);
  }
  return messages;
}
const built = new Map<string, IslandMessages>();
