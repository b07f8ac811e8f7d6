import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { SongDetail } from './SongDetail';
import type { Song } from './types';

/** /songsDetail island: server-rendered for public songs, then hydrated (player, share, owner controls). */
export function DetailIsland(props: IslandI18nProps & { id: string; initial: Song | null; origin: string }) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="music">
      <SongDetail id={props.id} initial={props.initial} origin={props.origin} />
    </IslandRoot>
  );
}
