import { randomBytes } from 'node:crypto';
import { Code } from '../../../shared/codes';
import type { MusicExhausted, Song as SongInfo } from '../../../shared/contract/music';
import { ReviewState } from '../../../shared/moderation';
import { musicConfig } from '../../config/music';
import type { Db } from '../../db/client';
import { registerChannel } from '../../db/queries/push-channels';
import { hit } from '../../db/queries/rate-limits';
import { songs } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { logGeneration } from '../compliance/generation-log';
import type { Hold } from '../credits/holds';
import { rateKey } from '../credits/rates';
import { holdForTask } from '../credits/spend';
import { checkTexts, reviewFirst } from '../moderation/publishing';
import { siteSettings } from '../site-settings';
import { songDto } from './dto';
import { readMusicQuota, takeComposition } from './quota';

/** Postgres NOTIFY channel that wakes the workers when a song is submitted. */
export const MUSIC_WAKE_CHANNEL = 'miaobi_music';

export function newSongTaskId(): string {
  return `song_${randomBytes(12).toString('base64url')}`;
}

export interface SubmitInput {
  mode: 'inspiration' | 'custom';
  prompt: string;
  title: string;
  tags: string;
  lyrics: string;
  instrumental: boolean;
  isPublic: boolean;
}

const tooMany = () => new DomainError(Code.TOO_MANY_REQUESTS, 'error.tooManyRequests', { status: 429 });

/** Checks the request, takes one composition and queues the task, all or nothing. */
export async function submitSong(rt: Runtime, userId: number, input: SubmitInput, lang: string): Promise<SongInfo> {
  const { db } = rt.database;
  if (!(await hit(db, `music:submit:${userId}`, { limit: 10, windowMs: 60_000 })).allowed) throw tooMany();
  if (input.mode === 'inspiration' && !input.prompt.trim())
    throw new DomainError(Code.BAD_REQUEST, 'music:submit.needPrompt');
  if (input.mode === 'custom' && !input.instrumental && !input.lyrics.trim())
    throw new DomainError(Code.BAD_REQUEST, 'music:submit.needLyrics');
  if (input.mode === 'custom' && !input.title.trim() && !input.tags.trim() && !input.lyrics.trim())
    throw new DomainError(Code.BAD_REQUEST, 'music:submit.needStyle');
  await checkTexts(rt, [input.title, input.lyrics, input.prompt, input.tags], 'music:submit.refused');
  const cfg = musicConfig(rt.env);
  const now = Date.now();
  const review = input.isPublic && (await reviewFirst(rt, 'song')) ? ReviewState.PENDING : ReviewState.PUBLISHED;
  // Read before the transaction: on PGlite (one connection) a read outside it would wait for it.
  const allowance = await siteSettings(rt);
  const taskId = newSongTaskId();
  // Compositions first (the day's free ones, then bought ones); past them a priced song is paid in credits.
  let hold: Hold | null = null;
  const create = () =>
    db.transaction(async (tx) => {
      const charged = hold
        ? { charge: 'credits', chargeDay: null }
        : await takeComposition(rt, tx as unknown as Db, userId, allowance, now);
      if (!charged) return null;
      const [row] = await tx
        .insert(songs)
        .values({
          taskId,
          userId,
          mode: input.mode,
          prompt: input.mode === 'inspiration' ? input.prompt.trim() : '',
          title: input.title.trim(),
          tags: input.tags.trim(),
          lyrics: input.instrumental ? '' : input.lyrics.trim(),
          instrumental: input.instrumental,
          isPublic: input.isPublic,
          review,
          provider: cfg.mode,
          meta: { lang },
          charge: charged.charge,
          chargeDay: charged.chargeDay,
          deadline: new Date(now + cfg.MUSIC_TASK_TIMEOUT_SECONDS * 1000),
          createdAt: new Date(now),
        })
        .returning();
      await registerChannel(tx as unknown as Db, { taskId, userId, kind: 'song' });
      return row ?? null;
    });
  let song = await create();
  if (!song) {
    hold = await holdForTask(rt, userId, 'song', rateKey.song, taskId);
    if (hold)
      song = await create().catch(async (err) => {
        await hold?.release();
        throw err;
      });
  }
  if (!song) {
    const quota = await readMusicQuota(rt, userId, now);
    throw new DomainError(Code.TOO_MANY_REQUESTS, 'music:quota.exhausted', {
      data: { quota, link: '/product?type=4' } satisfies MusicExhausted,
    });
  }
  // What was asked: the description, or the title, style and lyrics of a custom song.
  const asked = song.prompt || [song.title, song.tags, song.lyrics].filter(Boolean).join('\n');
  await logGeneration(db, { userId, kind: 'song', prompt: asked, outputRef: song.taskId });
  await rt.database.notifier
    .publish(MUSIC_WAKE_CHANNEL, song.taskId)
    .catch((err: Error) => rt.log.warn('music wake-up failed', { err: err.message }));
  return songDto(song, userId, rt);
}

/** 'Write lyrics for me': the provider's lyrics for a description; rate limited, free of charge. */
export async function writeSongLyrics(rt: Runtime, userId: number, prompt: string, lang: string) {
  if (!(await hit(rt.database.db, `music:lyrics:${userId}`, { limit: 20, windowMs: 60_000 })).allowed) throw tooMany();
  try {
    return await rt.music.writeLyrics(prompt, lang);
  } catch (err) {
    rt.log.warn('lyrics writer failed', { err: (err as Error).message });
    throw new DomainError(Code.UNAVAILABLE, 'music:lyrics.failed', { status: 503 });
  }
}
