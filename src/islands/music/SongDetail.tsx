import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReviewBadge } from '../../components/ReviewBadge';
import { dateTimeFormat } from '../../shared/date-format';
import { getToken } from '../../stores/auth';
import { DetailActions } from './DetailActions';
import { DetailPlayer } from './DetailPlayer';
import { formatTime, keyLabel, tagLabel, tagList } from './format';
import { Icon } from './icons';
import { songDetail } from './music-api';
import { type Song, SongStatus } from './types';
import { useSongActions } from './use-song-actions';

type State = { status: 'loading' } | { status: 'missing' } | { status: 'gone' } | { status: 'ready'; song: Song };

/**
 * /songsDetail: public songs arrive rendered by the server (initial); private
 * ones are fetched with the owner's token after hydration, so the server
 * HTML and the first client render agree.
 */
export function SongDetail({ id, initial, origin }: { id: string; initial: Song | null; origin: string }) {
  const { t, i18n } = useTranslation('music');
  const [state, setState] = useState<State>(initial ? { status: 'ready', song: initial } : { status: 'loading' });
  const { actions, confirmElement } = useSongActions(
    (song) => setState({ status: 'ready', song }),
    () => window.location.assign('/music'),
  );
  useEffect(() => {
    if (!id || (initial && !getToken())) {
      if (!initial) setState({ status: 'missing' });
      return;
    }
    // Logged in: ask again, so the owner gets their controls (and private songs at all).
    void songDetail(id).then((r) => {
      if (r.kind === 'reply') setState({ status: 'ready', song: r.data });
      // Taken down by moderators (410): said so, rather than "not found".
      else if (!initial) setState({ status: r.kind === 'http' && r.status === 410 ? 'gone' : 'missing' });
    });
  }, [id, initial]);

  if (state.status === 'loading')
    return (
      <p role="status" className="py-16 text-center text-slate-500 dark:text-slate-400">
        {t('detail.loading')}
      </p>
    );
  if (state.status === 'missing' || state.status === 'gone') {
    return (
      <div className="py-16 text-center">
        <p className="text-lg text-slate-700 dark:text-slate-300">
          {state.status === 'gone' ? t('layout:moderation.takenDown') : t('detail.notFound')}
        </p>
        <a href="/music" className="mt-4 inline-block text-brand-700 hover:underline dark:text-brand-300">
          {t('detail.back')}
        </a>
      </div>
    );
  }
  const { song } = state;
  const date = dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(song.createdAt));
  const facts = [
    song.meta.key && t('detail.key', { key: keyLabel(t, song.meta.key) }),
    song.meta.bpm && t('detail.bpm', { bpm: song.meta.bpm }),
    song.duration ? formatTime(song.duration) : null,
    t('detail.created', { date }),
  ].filter(Boolean);
  return (
    <article className="grid gap-6 md:grid-cols-[18rem_1fr] md:gap-10">
      <div>
        {song.coverUrl ? (
          <img
            src={song.coverUrl}
            alt=""
            width={288}
            height={288}
            className="aspect-square w-full rounded-3xl object-cover shadow-lg"
          />
        ) : (
          <div className="grid aspect-square w-full place-items-center rounded-3xl bg-brand-100 text-brand-700">
            <Icon name="music" className="size-16" />
          </div>
        )}
      </div>
      <div className="min-w-0 space-y-5">
        <header>
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 md:text-3xl dark:text-white">
              {song.title}
            </h1>
            <span
              title={t('label.aiHint')}
              className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-200 dark:bg-brand-950 dark:text-brand-200 dark:ring-brand-800"
            >
              {t('layout:aiLabel')}
            </span>
            {song.mine && <ReviewBadge review={song.isPublic || song.review === 'hidden' ? song.review : undefined} />}
          </div>
          <ul className="mt-2 flex flex-wrap gap-1.5 text-sm text-slate-600 dark:text-slate-400">
            {tagList(song.tags).map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-2.5 py-0.5 dark:bg-slate-800">
                {tagLabel(t, tag)}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{facts.join(' · ')}</p>
          {song.mine && !song.isPublic && (
            <p className="mt-1 text-sm text-amber-700 dark:text-amber-300">{t('detail.private')}</p>
          )}
          {song.mine && song.review === 'hidden' && (
            <p className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
              {t('layout:moderation.takenDownMine')}
            </p>
          )}
        </header>
        {song.status === SongStatus.DONE ? (
          <DetailPlayer song={song} />
        ) : (
          <p role="status">{t(song.status === SongStatus.FAILED ? 'detail.failed' : 'detail.running')}</p>
        )}
        <DetailActions
          song={song}
          pageUrl={`${origin}/songsDetail?id=${encodeURIComponent(song.id)}`}
          actions={actions}
        />
        <section
          aria-labelledby="lyrics-heading"
          className="rounded-2xl bg-white p-5 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
        >
          <h2 id="lyrics-heading" className="mb-3 font-semibold text-slate-900 dark:text-white">
            {t('detail.lyrics')}
          </h2>
          {song.lyrics.trim() ? (
            <p className="whitespace-pre-line leading-7 text-slate-700 dark:text-slate-300">{song.lyrics}</p>
          ) : (
            <p className="text-slate-500 dark:text-slate-400">{t('detail.noLyrics')}</p>
          )}
        </section>
      </div>
      {confirmElement}
    </article>
  );
}
