import { ICONS, type IconName } from './icons';

/**
 * Every icon of icons.ts as one SVG sprite (`<symbol id="name">`), served at
 * /icons.svg (src/pages/icons.svg.ts). Icon.astro references a symbol instead
 * of repeating its paths: the layout's nav icons were 12 KB of every page.
 */
// On each symbol, not on every use of it: the attributes pass to its paths.
const STROKE = 'fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"';

export const ICON_SPRITE = `<svg xmlns="http://www.w3.org/2000/svg">${Object.entries(ICONS)
  .map(([name, inner]) => `<symbol id="${name}" viewBox="0 0 24 24" ${STROKE}>${inner}</symbol>`)
  .join('')}</svg>`;

/** FNV-1a of the sprite: its address changes with its content, so browsers may keep it for good. */
function version(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

export const ICON_SPRITE_PATH = '/icons.svg';
const url = `${ICON_SPRITE_PATH}?v=${version(ICON_SPRITE)}`;

export const iconHref = (name: IconName) => `${url}#${name}`;
