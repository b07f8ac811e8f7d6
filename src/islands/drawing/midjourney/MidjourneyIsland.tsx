import { IslandI18n, type IslandI18nProps } from '../../../lib/island-i18n';
import { MidjourneyApp } from './MidjourneyApp';

/** /midjourney island: reads chatStorage and the token, so the page renders it client-only. */
export default function MidjourneyIsland(props: IslandI18nProps) {
  return (
    <IslandI18n lang={props.lang} messages={props.messages}>
      <MidjourneyApp />
    </IslandI18n>
  );
}
