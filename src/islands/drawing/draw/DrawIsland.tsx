import { IslandI18n, type IslandI18nProps } from '../../../lib/island-i18n';
import { DrawApp, type DrawAppProps } from './DrawApp';

/** /draw and /sd island. Reads the token and local settings, so the page renders it client-only. */
export default function DrawIsland(props: IslandI18nProps & DrawAppProps) {
  return (
    <IslandI18n lang={props.lang} messages={props.messages}>
      <DrawApp advanced={props.advanced} draft={props.draft} publicPage={props.publicPage} />
    </IslandI18n>
  );
}
