import { type Language, resources } from '../shared/i18n';
import { type IslandTexts, serverTexts } from './island-texts';

/**
 * For .astro frontmatter only (server side): the namespaces an island needs,
 * in one language, passed as its `messages` prop. The texts stay out of the
 * page: the server's islands read them from the registry filled here, the
 * browser loads each namespace as its own cached chunk (island-texts.ts).
 */
export function islandMessages(lang: Language, namespaces: string[] = ['chat', 'layout']): IslandTexts {
  const registry = serverTexts();
  const all = resources[lang] ?? {};
  for (const ns of namespaces) {
    if (!registry.has(`${lang}/${ns}`)) registry.set(`${lang}/${ns}`, (all[ns] as Record<string, string>) ?? {});
  }
  return namespaces;
}
