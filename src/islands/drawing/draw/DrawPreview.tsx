import { createListLoader, type PageData } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import type { DrawingMessage } from '../draw-api';
import { PRIORITY_PICTURES } from '../PictureGrid';
import { DRAW_PAGE_SIZE, type PictureList } from '../use-picture-list';
import { EMPTY_ADVANCED, PromptExtras } from './AdvancedFields';
import type { DrawAppProps } from './DrawApp';
import { LoginWarning } from './LoginWarning';
import { PromptBox } from './PromptBox';
import { Works } from './Works';

const noop = () => {};

/** One row on the widest grid, two on a phone: the cards a first view can show. */
const PREVIEW_CARDS = 4;

/** A list as the island first renders it: seeded with `page`, or before its first page. */
function firstRender<T>(page: PageData<T> | null): PictureList<T> {
  const loader = createListLoader<T>({
    pageSize: DRAW_PAGE_SIZE,
    fetchPage: () => Promise.reject(new Error('never loads')),
    initialPage: page ?? undefined,
  });
  const state = loader.$state.get();
  return {
    items: state.items,
    state,
    sentinel: noop,
    prepend: noop,
    remove: noop,
    reload: noop,
    retry: noop,
  };
}

// Set before paint by the head script when a login token is stored (src/lib/head-script.ts).
const visitorOnly = '[html[data-auth]_&]:hidden';
const memberOnly = 'hidden [html[data-auth]_&]:block';

/**
 * The drawing island's first render, made on the server from the same
 * components as its fallback, so the page shows the public gallery (and its
 * largest picture) before the island runs and nothing moves when it does.
 * The token is only in the browser, so both first views are sent and CSS
 * picks one: a visitor's public gallery, or a member's 'my works' loading.
 * Never hydrated: inert until the island replaces it.
 */
export function DrawPreview({
  lang,
  messages,
  advanced = false,
  draft = null,
  publicPage = null,
}: IslandI18nProps & DrawAppProps) {
  // Only the first row's pictures come with the HTML: the rest would load now, competing with
  // them and the island's scripts; the island lazy-loads them once it runs (same card size meanwhile).
  const pub = firstRender(
    publicPage && {
      ...publicPage,
      records: publicPage.records.map((p, i) => (i < PRIORITY_PICTURES ? p : { ...p, thumbnailsUrl: '' })),
    },
  );
  const mine = firstRender<DrawingMessage>(null);
  const works = {
    onTab: noop,
    pub,
    mine,
    onOpen: noop,
    onCopy: noop,
    onRedraw: noop,
    onDelete: noop,
    onSameStyle: noop,
    // What a first view shows: the page's HTML (twice: Astro repeats a client-only island's fallback
    // in a <template>) carries these cards, grey tiles of the same size stand for the rest.
    cards: PREVIEW_CARDS,
  };
  return (
    <IslandRoot lang={lang} messages={messages} ns="drawing">
      <div className="min-w-0 flex-1 space-y-4" inert>
        <div className={visitorOnly}>
          <LoginWarning />
        </div>
        <PromptBox
          value={draft?.prompt ?? ''}
          onChange={noop}
          onSubmit={noop}
          busy={false}
          quota={null}
          onAdvanced={noop}
        >
          <PromptExtras advanced={advanced} value={EMPTY_ADVANCED} onChange={noop} />
        </PromptBox>
        <div>
          <div className={visitorOnly}>
            <Works tab="public" loggedIn={false} {...works} />
          </div>
          <div className={memberOnly}>
            <Works tab="mine" loggedIn {...works} />
          </div>
        </div>
      </div>
    </IslandRoot>
  );
}
