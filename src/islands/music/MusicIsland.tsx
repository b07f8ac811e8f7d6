import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { MusicApp } from './MusicApp';

/** /music island. Reads the login token, so the page renders it client-only behind a sized skeleton. */
export function MusicIsland(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="music">
      <MusicApp />
    </IslandRoot>
  );
}
