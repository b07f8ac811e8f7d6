import { type ReactNode, useEffect, useState } from 'react';
import { IslandRoot } from './island-i18n';
import { type IslandMessages, islandTexts } from './island-texts';

export type LazyNamespace = 'account' | 'activity' | 'common' | 'credits' | 'layout';

/**
 * The texts of a dialog that loads on demand (event-mount.ts): each file of
 * each language is its own small chunk (island-texts.ts), fetched with the
 * island, so the page's HTML carries none of them (bench/RESULTS.md, HTML sizes).
 */
export async function loadIslandMessages(lang: string, namespaces: LazyNamespace[]): Promise<IslandMessages> {
  return islandTexts(lang, namespaces);
}

/**
 * IslandRoot for a dialog that renders nothing until opened: its texts
 * arrive with its code, and its children mount (and announce readiness) once
 * they are here. The server renders nothing for it.
 */
export function LazyIslandRoot({
  lang,
  namespaces,
  ns,
  children,
}: {
  lang: string;
  namespaces: LazyNamespace[];
  ns: string;
  children: ReactNode;
}) {
  const [messages, setMessages] = useState<IslandMessages | null>(null);
  const key = namespaces.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `namespaces`, a new array each render.
  useEffect(() => {
    let live = true;
    loadIslandMessages(lang, namespaces).then(
      (m) => {
        if (live) setMessages(m);
      },
      // Offline: the dialog stays closed, as when its own code cannot be fetched.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [lang, key]);
  if (!messages) return null;
  return (
    <IslandRoot lang={lang} messages={messages} ns={ns}>
      {children}
    </IslandRoot>
  );
}
