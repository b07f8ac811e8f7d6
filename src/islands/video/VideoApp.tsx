import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { useLazyConfirm } from '../../components/lazy-confirm';
import { openLogin } from '../../lib/login-event';
import { toast } from '../../lib/toast';
import { useTaskPush } from '../../lib/use-task-push';
import { Code } from '../../shared/codes';
import { VideoStatus } from '../../shared/video';
import { $token } from '../../stores/auth';
import { type VideoActions, VideoCard } from './VideoCard';
import { VideoForm } from './VideoForm';
import {
  deleteVideo,
  listMine,
  readQuota,
  retryVideo,
  setVisibility,
  type Video,
  type VideoQuota,
  videoDetail,
} from './video-api';

const PAGE = 12;

/** /video: the compose form, my videos with their progress pushed, and each one's player and actions. */
export function VideoApp() {
  const { t } = useTranslation('video');
  const loggedIn = Boolean(useStore($token));
  const [items, setItems] = useState<Video[]>([]);
  const [pages, setPages] = useState({ loaded: 0, total: 0 });
  const [quota, setQuota] = useState<VideoQuota | null>(null);
  const [preset, setPreset] = useState('');
  // /video?id=: someone's public video, shown above the form (the complaint desk and reports name it so).
  const [shown, setShown] = useState<Video | null>(null);
  const { confirm, confirmElement } = useLazyConfirm();

  const reloadQuota = useCallback(async () => {
    const result = await readQuota();
    if (result.kind === 'reply') setQuota(result.data);
  }, []);
  const load = useCallback(async (pageNum: number) => {
    const result = await listMine(pageNum, PAGE);
    if (result.kind !== 'reply') return;
    setItems((old) => (pageNum === 1 ? result.data.records : [...old, ...result.data.records]));
    setPages({ loaded: pageNum, total: result.data.total });
  }, []);
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    setPreset(query.get('prompt')?.slice(0, 500) ?? '');
    const id = query.get('id');
    if (id)
      void videoDetail(id).then((result) => {
        if (result.kind === 'reply') setShown(result.data);
        else if (result.kind === 'business') toast.error(result.result);
      });
    if (!loggedIn) return;
    void load(1);
    void reloadQuota();
  }, [loggedIn, load, reloadQuota]);

  const upsert = (v: Video) => setItems((old) => [v, ...old.filter((o) => o.id !== v.id)]);
  const patch = (id: string, change: Partial<Video>) =>
    setItems((old) => old.map((o) => (o.id === id ? { ...o, ...change } : o)));
  const remove = (id: string) => setItems((old) => old.filter((o) => o.id !== id));

  useTaskPush(
    items.filter((v) => v.status < VideoStatus.DONE).map((v) => v.id),
    VideoStatus.DONE,
    {
      onProgress: (id, _status, progress) => patch(id, { status: VideoStatus.GENERATING, progress }),
      onFinal: (id, status) =>
        void videoDetail(id).then((result) => {
          if (result.kind === 'reply') setItems((old) => old.map((o) => (o.id === id ? result.data : o)));
          else patch(id, { status });
          if (status === VideoStatus.FAILED) void reloadQuota();
        }),
    },
  );

  const actions: VideoActions = {
    async onDelete(video) {
      if (!(await confirm({ content: t('delete.confirm'), okText: t('action.delete'), danger: true }))) return;
      const result = await deleteVideo(video.id);
      if (result.kind === 'business' && result.code === Code.DELETE_RESULT) {
        toast.success(result.result);
        remove(video.id);
      } else if (result.kind === 'business') toast.error(result.result);
    },
    async onRetry(video) {
      const result = await retryVideo(video.id);
      if (result.kind !== 'business') return;
      if (result.code === Code.SUCCESS && result.data) {
        remove(video.id);
        upsert(result.data as Video);
        void reloadQuota();
      } else toast.error(result.result);
    },
    async onVisibility(video) {
      const result = await setVisibility(video.id, !video.isPublic);
      if (result.kind === 'reply') {
        toast.success(result.result);
        patch(video.id, result.data);
      } else if (result.kind === 'business') toast.error(result.result);
    },
  };

  return (
    <div className="space-y-6 pb-24">
      {shown && (
        <section aria-labelledby="video-shown" className="space-y-3">
          <h2 id="video-shown" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('shown.title')}
          </h2>
          <ul className="grid gap-4 md:grid-cols-2">
            <VideoCard video={shown} actions={actions} />
          </ul>
        </section>
      )}
      <VideoForm
        loggedIn={loggedIn}
        quota={quota}
        preset={preset}
        onQueued={(v) => {
          upsert(v);
          void reloadQuota();
        }}
        onExhausted={setQuota}
      />
      <section aria-labelledby="video-mine" className="space-y-3">
        <h2 id="video-mine" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('list.title')}
        </h2>
        {!loggedIn ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('list.loginFirst')}{' '}
            <button type="button" className={buttonClass('secondary', 'ml-2 px-3 py-1')} onClick={() => openLogin()}>
              {t('list.login')}
            </button>
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('list.empty')}</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {items.map((v) => (
              <VideoCard key={v.id} video={v} actions={actions} />
            ))}
          </ul>
        )}
        {loggedIn && pages.loaded * PAGE < pages.total && (
          <button type="button" className={buttonClass('secondary')} onClick={() => void load(pages.loaded + 1)}>
            {t('list.more')}
          </button>
        )}
      </section>
      {confirmElement}
    </div>
  );
}
