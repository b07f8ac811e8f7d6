import { ICONS, type IconName } from './icons';

export interface SvgIconProps {
  name: IconName;
  className?: string;
}

/** React twin of Icon.astro: decorative, so hidden from assistive technology. */
export function SvgIcon({ name, className = 'size-5' }: SvgIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: constant markup from icons.ts, never user input.
      dangerouslySetInnerHTML={{ __html: ICONS[name] }}
    />
  );
}
