import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Picture } from './draw-api';

/** The visible 'AI生成' label (Chinese rules for AI-generated content), over a picture's corner. */
export function AiBadge({ className = '' }: { className?: string }) {
  const { t } = useTranslation('draw');
  return (
    <span
      className={`pointer-events-none rounded-full bg-slate-950/60 px-2 py-0.5 text-[11px] font-medium text-white backdrop-blur ${className}`}
    >
      {t('layout:aiLabel')}
    </span>
  );
}

export interface PictureCardProps {
  picture: Picture;
  onOpen: (picture: Picture) => void;
  /** Buttons under the prompt. */
  actions?: ReactNode;
  /** Keep the picture's own proportions (masonry) instead of a square crop. */
  natural?: boolean;
  /** The first row: loaded at once with high priority (the page's largest contentful paint). */
  priority?: boolean;
}

/** A thumbnail with its prompt; clicking the picture opens the viewer. */
export function PictureCard({ picture, onOpen, actions, natural = false, priority = false }: PictureCardProps) {
  const { t } = useTranslation('draw');
  const ratio = picture.width && picture.height ? `${picture.width} / ${picture.height}` : '1 / 1';
  return (
    <article
      className="group overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      data-picture={picture.id}
    >
      <button
        type="button"
        onClick={() => onOpen(picture)}
        className="relative block w-full overflow-hidden bg-slate-100 dark:bg-slate-800"
        style={{ aspectRatio: natural ? ratio : '1 / 1' }}
        aria-label={t('card.open', { prompt: picture.prompt.slice(0, 60) })}
      >
        {picture.thumbnailsUrl && (
          <img
            src={picture.thumbnailsUrl}
            alt={picture.prompt.slice(0, 200)}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            // An async decode can hold the first row back a frame after the text.
            decoding={priority ? undefined : 'async'}
            width={picture.width ?? undefined}
            height={picture.height ?? undefined}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
          />
        )}
        <AiBadge className="absolute left-2 top-2" />
      </button>
      <div className="space-y-2 p-3">
        <p className="line-clamp-2 text-sm leading-5 text-slate-700 dark:text-slate-300" title={picture.prompt}>
          {picture.prompt}
        </p>
        {actions && <div className="flex flex-wrap gap-1.5">{actions}</div>}
      </div>
    </article>
  );
}

const pulse = 'animate-pulse bg-slate-200 motion-reduce:animate-none dark:bg-slate-800';

/** Grey cards the size of a square PictureCard with a two-line prompt and one row of actions, while a list's first page loads. */
export function PictureCardSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => (
    <div
      // biome-ignore lint/suspicious/noArrayIndexKey: identical loading tiles
      key={i}
      aria-hidden="true"
      data-picture-skeleton
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className={`aspect-square ${pulse}`} />
      <div className="space-y-2 p-3">
        <div className={`h-10 rounded-lg ${pulse}`} />
        <div className={`h-6 w-2/3 rounded-full ${pulse}`} />
      </div>
    </div>
  ));
}

/** A small text button for card actions. */
export function CardAction({
  onClick,
  children,
  danger = false,
}: {
  onClick: () => void;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`rounded-full px-2.5 py-1 text-xs font-medium ring-1 transition-colors ${
        danger
          ? 'text-red-600 ring-red-200 hover:bg-red-50 dark:text-red-400 dark:ring-red-900 dark:hover:bg-red-950'
          : 'text-slate-700 ring-slate-200 hover:bg-slate-50 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800'
      }`}
    >
      {children}
    </button>
  );
}
