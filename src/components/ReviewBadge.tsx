import { useTranslation } from 'react-i18next';
import type { ReviewState } from '../shared/moderation';

/**
 * What moderators decided of the viewer's own public item: "审核中" while it
 * waits for review, "已下架" once taken down; nothing when published
 * (docs/state-machines.md). Pictures, songs, videos and apps show it alike.
 */
export function ReviewBadge({ review, className = '' }: { review: ReviewState | undefined; className?: string }) {
  const { t } = useTranslation('layout');
  if (!review || review === 'published') return null;
  return (
    <span
      data-review={review}
      className={`inline-block rounded-full px-2 py-0.5 text-[11px] font-medium data-[review=hidden]:bg-red-700 data-[review=pending]:bg-amber-700 data-[review]:text-white ${className}`}
    >
      {t(`layout:review.${review}`)}
    </span>
  );
}
