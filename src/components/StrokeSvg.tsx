import type { SVGProps } from 'react';

/**
 * The frame of the React icons: 24×24, stroked in currentColor, decorative so
 * hidden from assistive technology. Props given override the defaults.
 */
export function StrokeSvg({ className, ...props }: SVGProps<SVGSVGElement>) {
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
      {...props}
    />
  );
}
