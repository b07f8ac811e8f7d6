import type { IconName } from '../components/icons';
import { isActivePath } from '../lib/routing';

export interface NavEntry {
  /** Key under `layout:nav.*`. */
  key: string;
  href: string;
  icon: IconName;
  /** Sections this entry owns, so sub-pages (e.g. /chat/1002) highlight it too. */
  sections: readonly string[];
}

/** Shown in the side nav and in the mobile bottom bar, in this order (docs/routes-and-screens.md). */
export const PRIMARY_NAV: readonly NavEntry[] = [
  {
    key: 'application',
    href: '/app/store',
    icon: 'apps',
    sections: ['/app', '/myapplication', '/createApplication', '/modifyApplication'],
  },
  { key: 'chat', href: '/chat', icon: 'chat', sections: ['/chat', '/midjourney'] },
  { key: 'music', href: '/music', icon: 'music', sections: ['/music', '/songsDetail'] },
  { key: 'drawing', href: '/draw', icon: 'brush', sections: ['/draw', '/sd'] },
  { key: 'gallery', href: '/gallery', icon: 'image', sections: ['/gallery'] },
];

/** Desktop side nav only: the bottom bar has room for five entries. */
export const SECONDARY_NAV: readonly NavEntry[] = [
  { key: 'video', href: '/video', icon: 'video', sections: ['/video'] },
  { key: 'square', href: '/square', icon: 'sparkles', sections: ['/square'] },
  { key: 'knowledge', href: '/knowledge', icon: 'book', sections: ['/knowledge'] },
  { key: 'membership', href: '/product', icon: 'crown', sections: ['/product'] },
  { key: 'activities', href: '/activities', icon: 'gift', sections: ['/activities'] },
  { key: 'orders', href: '/order', icon: 'receipt', sections: ['/order'] },
  { key: 'invite', href: '/invite', icon: 'user', sections: ['/invite'] },
  { key: 'credits', href: '/credits', icon: 'coins', sections: ['/credits'] },
];

/**
 * The mobile "我的" sheet: everything the bottom bar lacks, so every page of
 * the navigation is two taps away on a phone (tests/e2e/crawl.spec.ts).
 */
export const MENU_NAV: readonly NavEntry[] = [
  ...SECONDARY_NAV,
  { key: 'imageChat', href: '/midjourney', icon: 'sparkles', sections: ['/midjourney'] },
  { key: 'advancedDraw', href: '/sd', icon: 'brush', sections: ['/sd'] },
  { key: 'history', href: '/chat/history', icon: 'chat', sections: ['/chat/history'] },
  { key: 'myApps', href: '/myapplication', icon: 'apps', sections: ['/myapplication'] },
  { key: 'groups', href: '/groups', icon: 'user', sections: ['/groups', '/test'] },
  { key: 'official', href: '/officialAccount', icon: 'globe', sections: ['/officialAccount'] },
];

/** Each entry once (the sheet repeats the side nav's second list). */
const EVERY_ENTRY = [...new Set([...PRIMARY_NAV, ...SECONDARY_NAV, ...MENU_NAV])];

/**
 * The entries a path highlights, by key: all the navigation's HTML reads of
 * the address, so it names the kept HTML (src/components/Kept.astro). A few
 * dozen values whatever the address, where the path itself has no bound.
 */
export function activeNav(pathname: string): string {
  return EVERY_ENTRY.filter((entry) => isActivePath(pathname, entry.sections))
    .map((entry) => entry.key)
    .join(',');
}
