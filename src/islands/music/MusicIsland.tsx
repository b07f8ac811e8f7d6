import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createIslandI18n, type IslandI18nProps } from '../../lib/island-i18n';
import { MusicApp } from './MusicApp';

/** /music island. Reads the login token, so the page renders it client-only behind a sized skeleton. */
export default function MusicIsland(props: IslandI18nProps) {
  const [i18n] = useState(() => createIslandI18n(props, 'music'));
  return (
    <I18nextProvider i18n={i18n}>
      <MusicApp />
    </I18nextProvider>
  );
}
