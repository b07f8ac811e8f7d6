import { ICONS, type IconName } from './icons';
import { StrokeSvg } from './StrokeSvg';

export interface SvgIconProps {
  name: IconName;
  className?: string;
}

/** React twin of Icon.astro. */
export function SvgIcon({ name, className = 'size-5' }: SvgIconProps) {
  return (
    <StrokeSvg
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: constant markup from icons.ts, never user input.
      dangerouslySetInnerHTML={{ __html: ICONS[name] }}
    />
  );
}
