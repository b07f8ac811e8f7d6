import { iconHref } from './icon-sprite';
import type { IconName } from './icons';

export interface SvgIconProps {
  name: IconName;
  className?: string;
}

/**
 * React twin of Icon.astro: a reference to the sprite's symbol, which brings
 * its view box and stroke. The paths inline were ~250 bytes of HTML an icon
 * (four on each card of /draw's first view).
 */
export function SvgIcon({ name, className = 'size-5' }: SvgIconProps) {
  return (
    <svg className={className} aria-hidden="true" focusable="false">
      <use href={iconHref(name)} />
    </svg>
  );
}
