import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import { GalleryApp } from './GalleryApp';

/** /gallery island: reads the token, so the page renders it client-only. */
export function GalleryIsland(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="drawing">
      <GalleryApp />
    </IslandRoot>
  );
}
