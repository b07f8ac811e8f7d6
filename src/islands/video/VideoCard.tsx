import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { ProgressBar } from '../../components/ProgressBar';
import { ReviewBadge } from '../../components/ReviewBadge';
import { openReport } from '../../lib/report-event';
import { VideoStatus } from '../../shared/video';
import type { Video } from './video-api';

export interface VideoActions {
  onDelete(video: Video): void;
  onRetry(video: Video): void;
  onVisibility(video: Video): void;
}

const SHAPE: Record<string, string> = {
  '16:9': 'aspect-video',
  '9:16': 'aspect-[9/16] max-h-[28rem]',
  '1:1': 'aspect-square',
};

/**
 * One video: for its owner, progress while it is made, then the player (labelled 'AI生成') and its
 * actions; someone else's public video offers download and a report instead.
 */
export function VideoCard({ video, actions }: { video: Video; actions: VideoActions }) {
  const { t } = useTranslation('video');
  const running = video.status < VideoStatus.DONE;
  const { mine } = video;
  const status =
    video.status === VideoStatus.GENERATING
      ? t('status.2', { progress: video.progress })
      : t(`status.${video.status}` as 'status.1');
  return (
    <li
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="video-card"
      data-status={video.status}
    >
      <div className={`relative mx-auto bg-slate-900 ${SHAPE[video.aspect] ?? 'aspect-video'}`}>
        {video.status === VideoStatus.DONE && video.videoUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: a generated clip has no speech to caption.
          <video
            className="h-full w-full object-contain"
            src={video.videoUrl}
            poster={video.coverUrl ?? undefined}
            controls
            loop
            playsInline
            preload="none"
            aria-label={t('player.label', { prompt: video.prompt })}
          />
        ) : (
          <div className="flex h-full items-center justify-center p-4 text-sm text-slate-200">{status}</div>
        )}
        <span className="pointer-events-none absolute top-2 left-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-medium text-white">
          {t('aiLabel')}
        </span>
      </div>
      <div className="space-y-2 p-3">
        {mine && <ReviewBadge review={video.isPublic || video.review === 'hidden' ? video.review : undefined} />}
        <p className="line-clamp-2 text-sm text-slate-800 dark:text-slate-200">{video.prompt}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {status} · {t('form.seconds', { n: video.duration })} · {video.aspect}
        </p>
        {running && (
          <ProgressBar value={video.progress} label={status} track="h-1.5 bg-slate-200 dark:bg-slate-800" floor={3} />
        )}
        {video.status === VideoStatus.FAILED && video.error && (
          <p className="text-xs text-red-700 dark:text-red-400">{video.error}</p>
        )}
        <div className="flex flex-wrap gap-2">
          {video.status === VideoStatus.DONE && video.videoUrl && (
            <a
              className={buttonClass('secondary', 'px-3 py-1')}
              href={video.videoUrl}
              download={`${video.id} (AI生成).mp4`}
            >
              {t('action.download')}
            </a>
          )}
          {!mine && (
            <button
              type="button"
              className={buttonClass('ghost', 'px-3 py-1')}
              aria-label={t('common:report.actionFor', { title: video.prompt.slice(0, 60) })}
              onClick={() => openReport({ kind: 'video', id: video.id })}
            >
              {t('common:report.action')}
            </button>
          )}
          {mine && video.status === VideoStatus.DONE && (
            <button
              type="button"
              className={buttonClass('secondary', 'px-3 py-1')}
              onClick={() => actions.onVisibility(video)}
            >
              {video.isPublic ? t('action.unpublish') : t('action.publish')}
            </button>
          )}
          {mine && video.status === VideoStatus.FAILED && (
            <button
              type="button"
              className={buttonClass('primary', 'px-3 py-1')}
              onClick={() => actions.onRetry(video)}
            >
              {t('action.retry')}
            </button>
          )}
          {mine && !running && (
            <button type="button" className={buttonClass('ghost', 'px-3 py-1')} onClick={() => actions.onDelete(video)}>
              {t('action.delete')}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
