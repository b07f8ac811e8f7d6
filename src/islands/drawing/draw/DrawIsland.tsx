import { use } from 'react';
import { type PageData, unwrap } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import { listPublic, type PublicPicture } from '../draw-api';
import { DRAW_PAGE_SIZE } from '../use-picture-list';
import { DrawApp, type DrawAppProps } from './DrawApp';

export interface DrawIslandProps extends IslandI18nProps, Omit<DrawAppProps, 'publicPage'> {
  /** The page showed page 1 of the public gallery in its fallback: start from the same page. */
  publicFirst?: boolean;
}

let firstPage: Promise<PageData<PublicPicture> | null> | null = null;
/**
 * Page 1 of the public gallery, asked once per page load. Not a prop: 30 pictures serialised into
 * the HTML were 15–20 KB of /draw, beside the same page rendered in its fallback. The server
 * answers it from its kept square page; the fallback stays up meanwhile, so nothing moves.
 * Offline, the island starts without it and loads the list itself.
 */
function publicPage(): Promise<PageData<PublicPicture> | null> {
  // One promise for every render: `use` resumes with it.
  firstPage ??= listPublic({ pageNum: 1, pageSize: DRAW_PAGE_SIZE })
    .then((r) => unwrap(r))
    .catch(() => null);
  return firstPage;
}

function WithPublicPage(props: Omit<DrawAppProps, 'publicPage'>) {
  const page = use(publicPage());
  return <DrawApp advanced={props.advanced} draft={props.draft} publicPage={page} />;
}

/** /draw and /sd island. Reads the token and local settings, so the page renders it client-only. */
export function DrawIsland(props: DrawIslandProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="drawing">
      {props.publicFirst ? (
        <WithPublicPage advanced={props.advanced} draft={props.draft} />
      ) : (
        <DrawApp advanced={props.advanced} draft={props.draft} />
      )}
    </IslandRoot>
  );
}
