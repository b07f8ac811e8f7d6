import { IslandI18n, type IslandI18nProps } from '../../../lib/island-i18n';
import { GalleryApp } from './GalleryApp';

/** /gallery island: reads the token, so the page renders it client-only. */
export default function GalleryIsland(props: IslandI18nProps) {
  return (
    <IslandI18n lang={props.lang} messages={props.messages}>
      <GalleryApp />
    </IslandI18n>
  );
}
