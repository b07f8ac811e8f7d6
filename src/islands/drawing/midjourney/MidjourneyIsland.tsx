import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import { MidjourneyApp } from './MidjourneyApp';

/** /midjourney island: reads chatStorage and the token, so the page renders it client-only. */
export function MidjourneyIsland(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="drawing">
      <MidjourneyApp />
    </IslandRoot>
  );
}
