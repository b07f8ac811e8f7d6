import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createIslandI18n, type IslandI18nProps } from '../../lib/island-i18n';
import { SongDetail } from './SongDetail';
import type { Song } from './types';

/** /songsDetail island: server-rendered for public songs, then hydrated (player, share, owner controls). */
export default function DetailIsland(props: IslandI18nProps & { id: string; initial: Song | null; origin: string }) {
  const [i18n] = useState(() => createIslandI18n(props, 'music'));
  return (
    <I18nextProvider i18n={i18n}>
      <SongDetail id={props.id} initial={props.initial} origin={props.origin} />
    </I18nextProvider>
  );
}
