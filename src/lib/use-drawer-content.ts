import { useEffect, useState } from 'react';

/** Tailwind's md breakpoint: from there the site's drawers (chat's sidebar, /draw's settings) are columns. */
export const WIDE = '(min-width: 768px)';

/**
 * Whether a drawer's content should render: once it has been opened, or while the screen is
 * wide enough to show it as a column. On a phone the first view has every drawer shut, so its
 * content stays out of the first render (and its layout), which Lighthouse counts as blocking
 * time (bench/RESULTS.md). Once rendered it stays, keeping its state and the closing slide.
 */
export function useDrawerContent(open: boolean): boolean {
  const [shown, setShown] = useState(() => open || matchMedia(WIDE).matches);
  if (open && !shown) setShown(true);
  useEffect(() => {
    if (shown) return;
    const wide = matchMedia(WIDE);
    const show = () => wide.matches && setShown(true);
    wide.addEventListener('change', show);
    return () => wide.removeEventListener('change', show);
  }, [shown]);
  return shown;
}
