import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../components/Tabs';
import { toast } from '../../lib/toast';
import { useTaskPush } from '../../lib/use-task-push';
import { $token } from '../../stores/auth';
import { ComposeForm } from './ComposeForm';
import { localTags } from './format';
import { MiniPlayer } from './MiniPlayer';
import { type ComposeInput, listMine, listPublic, songDetail } from './music-api';
import { SongList } from './SongList';
import { isRunning, type Song, SongStatus } from './types';
import { useQuota } from './use-quota';
import { useSongActions } from './use-song-actions';
import { useSongs } from './use-songs';

/** 'Make a similar song' links here with ?like={id}: start from that song's description or style. */
function useSimilar(): Partial<ComposeInput> | null {
  const { t } = useTranslation('music');
  const [preset, setPreset] = useState<Partial<ComposeInput> | null>(null);
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('like');
    if (!id) return;
    void songDetail(id).then((result) => {
      if (result.kind !== 'reply') return;
      const s = result.data;
      setPreset(
        s.mode === 'custom'
          ? { mode: 'custom', tags: localTags(t, s.tags), title: '' }
          : { mode: 'inspiration', prompt: s.prompt, instrumental: s.instrumental },
      );
      toast.info(t('similar.loaded', { title: s.title }));
    });
  }, [t]);
  return preset;
}

/** /music: compose, follow running songs by push, my songs and public songs, and a player that keeps playing. */
export function MusicApp() {
  const { t } = useTranslation('music');
  const token = useStore($token);
  const loggedIn = Boolean(token);
  const mine = useSongs(listMine, loggedIn);
  const shared = useSongs(listPublic, true);
  const quota = useQuota(loggedIn);
  const [tab, setTab] = useState(loggedIn ? 'mine' : 'public');
  const preset = useSimilar();
  const { actions, confirmElement } = useSongActions(
    (song) => {
      mine.upsert(song);
      shared.reset();
    },
    (id) => {
      mine.remove(id);
      shared.remove(id);
    },
  );

  const onFinal = useCallback(
    async (id: string, status: number) => {
      const result = await songDetail(id);
      if (result.kind === 'reply') mine.upsert(result.data);
      else mine.patch(id, { status });
      if (status === SongStatus.DONE) {
        toast.success(t('task.done', { title: result.kind === 'reply' ? result.data.title : '' }));
        if (result.kind === 'reply' && result.data.isPublic) shared.reset();
      } else {
        toast.error(t('task.failed'));
        void quota.reload();
      }
    },
    [mine, shared, quota, t],
  );
  useTaskPush(
    mine.state.items.filter(isRunning).map((s) => s.id),
    SongStatus.DONE,
    {
      onProgress: (id, status, progress) => mine.patch(id, { status, progress }),
      onFinal: (id, status) => void onFinal(id, status),
    },
  );

  const onQueued = (song: Song) => {
    mine.upsert(song);
    setTab('mine');
    void quota.reload();
  };

  const items = [
    ...(loggedIn
      ? [
          {
            key: 'mine',
            label: t('tabs.mine'),
            content: (
              <SongList state={mine.state} emptyText={t('list.empty')} onMore={mine.loadMore} actions={actions} />
            ),
          },
        ]
      : []),
    {
      key: 'public',
      label: t('tabs.public'),
      content: (
        <SongList state={shared.state} emptyText={t('list.publicEmpty')} onMore={shared.loadMore} actions={actions} />
      ),
    },
  ];
  return (
    <div className="space-y-6 pb-24">
      <ComposeForm
        loggedIn={loggedIn}
        quota={quota.state}
        preset={preset}
        onQueued={onQueued}
        onExhausted={quota.set}
      />
      <Tabs items={items} selectedKey={loggedIn ? tab : 'public'} onChange={setTab} label={t('tabs.label')} />
      <MiniPlayer />
      {confirmElement}
    </div>
  );
}
