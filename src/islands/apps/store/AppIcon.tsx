/** An application's icon: a built-in emoji on a tinted tile, or an uploaded image. */
export function AppIcon({ iconUrl, className = 'size-12 text-2xl' }: { iconUrl: string; className?: string }) {
  if (iconUrl.startsWith('emoji:'))
    return (
      <span
        aria-hidden="true"
        className={`flex shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-50 to-brand-100 dark:from-brand-900/60 dark:to-slate-800 ${className}`}
      >
        {iconUrl.slice(6)}
      </span>
    );
  return <img src={iconUrl} alt="" className={`shrink-0 rounded-xl object-cover ${className}`} loading="lazy" />;
}
