import type { Song as SongInfo } from '../../../shared/contract/music';
import type { Song } from '../../db/schema/songs';
import { AI_LABEL } from '../../providers/music/types';
import type { Runtime } from '../../runtime';
import { isOpenSong, ownerFileUrl } from '../file-access';

/**
 * A song as the API and the pages show it; `mine` tells the viewer's own
 * songs apart. Files of a song that is not finished and public are signed for
 * its owner only (anyone else gets the bare URL, which answers 404).
 */
export async function songDto(s: Song, viewerId: number | null, rt: Pick<Runtime, 'storage'>): Promise<SongInfo> {
  const mine = viewerId !== null && viewerId === s.userId;
  const open = !mine || isOpenSong(s);
  return {
    id: s.taskId,
    mode: s.mode,
    title: s.title,
    tags: s.tags,
    prompt: s.prompt,
    lyrics: s.lyrics,
    instrumental: s.instrumental,
    isPublic: s.isPublic,
    review: s.review,
    status: s.status,
    progress: s.progress,
    audioUrl: await ownerFileUrl(rt, s.audioUrl, open),
    coverUrl: await ownerFileUrl(rt, s.coverUrl, open),
    duration: s.duration,
    meta: s.meta,
    label: AI_LABEL,
    provider: s.provider,
    createdAt: s.createdAt.toISOString(),
    finishedAt: s.finishedAt?.toISOString() ?? null,
    mine,
  };
}
