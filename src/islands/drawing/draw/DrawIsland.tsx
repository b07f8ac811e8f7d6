import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import { DrawApp, type DrawAppProps } from './DrawApp';

/** /draw and /sd island. Reads the token and local settings, so the page renders it client-only. */
export function DrawIsland(props: IslandI18nProps & DrawAppProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="drawing">
      <DrawApp advanced={props.advanced} draft={props.draft} publicPage={props.publicPage} />
    </IslandRoot>
  );
}
