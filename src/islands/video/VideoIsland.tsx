import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { VideoApp } from './VideoApp';

/** /video island. Reads the login token, so the page renders it client-only behind a sized skeleton. */
export function VideoIsland(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="video">
      <VideoApp />
    </IslandRoot>
  );
}
