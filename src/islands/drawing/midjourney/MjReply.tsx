import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../../components/ProgressBar';
import { ReviewBadge } from '../../../components/ReviewBadge';
import { DrawingStatus } from '../../../shared/drawing';
import { fetchTask, type Picture } from '../draw-api';
import { isFinal, statusKey } from '../draw-rules';
import { AiBadge } from '../PictureCard';
import { findByTask, type MjDrawing, type MjMessage, updateMjMessage } from './mj-actions';

/**
 * A private picture's URLs are signed for a while only: when a kept reply's
 * picture no longer loads, ask the server for fresh ones, once.
 */
function useFreshUrls(d: MjDrawing | undefined) {
  const asked = useRef(false);
  return () => {
    if (!d?.id || asked.current) return;
    asked.current = true;
    void fetchTask(d.id).then((r) => {
      const at = findByTask(d.id);
      if (r.kind !== 'reply' || !at) return;
      updateMjMessage(at.uuid, at.id, {
        drawing: { ...d, imageUrl: r.data.imageUrl, thumbnailsUrl: r.data.thumbnailsUrl },
      });
    });
  };
}

/** A drawing reply: live status and progress while it runs, then the picture (or why it failed). */
export function MjReply({
  message,
  prompt,
  onOpen,
}: {
  message: MjMessage;
  prompt: string;
  onOpen: (p: Picture) => void;
}) {
  const { t } = useTranslation('drawing');
  const d = message.drawing;
  const refresh = useFreshUrls(d);
  if (!d) return <p className="text-sm">{message.text}</p>;
  if (d.status === DrawingStatus.DONE && d.imageUrl) {
    const picture: Picture = {
      id: d.id,
      prompt,
      content: prompt,
      imageUrl: d.imageUrl,
      thumbnailsUrl: d.thumbnailsUrl ?? d.imageUrl,
      width: d.width ?? 0,
      height: d.height ?? 0,
      drawRate: d.drawRate ?? '1:1',
      drawQuality: 1,
      drawSteps: 20,
      createTime: message.dateTime,
    };
    return (
      <div className="relative w-64 max-w-full">
        <button
          type="button"
          onClick={() => onOpen(picture)}
          className="block w-full overflow-hidden rounded-xl ring-1 ring-slate-200 dark:ring-slate-700"
          style={{ aspectRatio: d.width && d.height ? `${d.width} / ${d.height}` : '1 / 1' }}
          aria-label={t('card.open', { prompt: prompt.slice(0, 60) })}
          data-mj-image
        >
          <img
            src={d.thumbnailsUrl ?? d.imageUrl}
            alt={prompt.slice(0, 200)}
            className="size-full object-cover"
            onError={refresh}
          />
        </button>
        {/* Beside the button, not in it: the button's name is the prompt it opens. */}
        <AiBadge label={t('layout:aiLabel')} className="absolute left-2 top-2" />
        <ReviewBadge
          review={d.publicFlag === 1 || d.review === 'hidden' ? d.review : undefined}
          className="absolute right-2 top-2"
        />
      </div>
    );
  }
  const failed = isFinal(d.status);
  return (
    <div className="w-64 max-w-full space-y-2" data-mj-progress>
      <p role="status" className={`text-sm font-medium ${failed ? 'text-red-600 dark:text-red-400' : ''}`}>
        {failed ? message.text || t(statusKey(d.status)) : `${t(statusKey(d.status))} · ${d.progress}%`}
      </p>
      {!failed && (
        <ProgressBar value={d.progress} label={t('progress.bar')} track="h-1.5 bg-slate-200 dark:bg-slate-700" />
      )}
    </div>
  );
}
