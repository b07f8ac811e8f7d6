import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ReviewBadge } from '../../components/ReviewBadge';
import { type CardActionItem, CardActions } from './CardActions';
import { isMine, type Picture } from './draw-api';

/** The visible 'AI生成' label (Chinese rules for AI-generated content), over a picture's corner; `label` is t('layout:aiLabel'). */
export function AiBadge({ label, className = '' }: { label: string; className?: string }) {
  return <span className={`ai-badge ${className}`}>{label}</span>;
}

/** A card's fixed texts, read once per grid: a `t` per card (three hooks each) was a fifth of /draw's first render. */
export interface CardLabels {
  ai: string;
  more: string;
  /** The picture button's name, from the prompt. */
  open: (prompt: string) => string;
}

/** The labels every card of a grid shares. */
export function useCardLabels(): CardLabels {
  const { t } = useTranslation('drawing');
  return useMemo(
    () => ({ ai: t('layout:aiLabel'), more: t('card.more'), open: (prompt) => t('card.open', { prompt }) }),
    [t],
  );
}

export interface PictureCardProps {
  picture: Picture;
  onOpen: (picture: Picture) => void;
  /** Under the prompt, on one row. */
  actions?: CardActionItem[];
  /** The first row: loaded at once with high priority (the page's largest contentful paint). */
  priority?: boolean;
  labels: CardLabels;
}

/**
 * A square-cropped thumbnail with its prompt (always two lines high) and one row of
 * actions, so the cards of a grid share one height; clicking the picture opens the
 * whole picture in the viewer. The badge is the card's one 'AI生成' label: thumbnails
 * carry none of their own (services/drawing/store.ts).
 */
export function PictureCard({ picture, onOpen, actions, priority = false, labels }: PictureCardProps) {
  return (
    <article className={`picture-card group ${priority ? '' : OFFSCREEN}`} data-picture={picture.id}>
      <div className="relative">
        <button
          type="button"
          onClick={() => onOpen(picture)}
          className="picture-open"
          aria-label={labels.open(picture.prompt.slice(0, 60))}
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
        </button>
        {/* Beside the button, not in it: the button's name is the prompt it opens. */}
        <AiBadge label={labels.ai} className="absolute left-2 top-2" />
        {isMine(picture) && (
          <ReviewBadge
            review={picture.drawPublicFlag === 1 || picture.review === 'hidden' ? picture.review : undefined}
            className="absolute right-2 top-2"
          />
        )}
      </div>
      <div className="space-y-2 p-3">
        <p className="picture-prompt" title={picture.prompt}>
          {picture.prompt}
        </p>
        {actions && <CardActions items={actions} moreLabel={labels.more} />}
      </div>
    </article>
  );
}

/**
 * Cards past the first row skip layout and paint until they near the viewport: 30 at once
 * made the island's first commit one long task (bench/RESULTS.md, main-thread work). A
 * skeleton (`.picture-skeleton`) takes the same placeholder, so a fallback of skeletons is as tall as the cards.
 */
const OFFSCREEN = '[contain-intrinsic-size:auto_18rem] [content-visibility:auto]';

/** Grey cards the size of a square PictureCard with a two-line prompt and one row of actions, while a list's first page loads (`.picture-skeleton`, src/styles/global.css). */
export function PictureCardSkeletons({ count }: { count: number }) {
  // biome-ignore lint/suspicious/noArrayIndexKey: identical loading tiles
  return Array.from({ length: count }, (_, i) => <i key={i} className="picture-skeleton" />);
}
