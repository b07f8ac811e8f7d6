import { useTranslation } from 'react-i18next';

/** The user's picture, or the first letter of the nickname on a brand circle. */
export function Avatar({ src, name, className = 'size-16' }: { src: string | null; name: string; className?: string }) {
  const { t } = useTranslation();
  if (src) {
    return (
      <img
        src={src}
        alt={t('account:profile.avatarAlt', { name })}
        className={`${className} shrink-0 rounded-full object-cover ring-2 ring-white dark:ring-slate-800`}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={t('account:profile.avatarAlt', { name })}
      className={`${className} grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-brand-400 to-brand-700 text-2xl font-semibold text-white`}
    >
      {Array.from(name)[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
