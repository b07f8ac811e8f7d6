import type { Song } from '../db/schema/songs';
import { AI_LABEL } from '../providers/music/types';

/** A song as the API and the pages show it; `mine` tells the viewer's own songs apart. */
export function songDto(s: Song, viewerId: number | null) {
  return {
    id: s.taskId,
    mode: s.mode,
    title: s.title,
    tags: s.tags,
    prompt: s.prompt,
    lyrics: s.lyrics,
    instrumental: s.instrumental,
    isPublic: s.isPublic,
    status: s.status,
    progress: s.progress,
    audioUrl: s.audioUrl,
    coverUrl: s.coverUrl,
    duration: s.duration,
    meta: s.meta,
    label: AI_LABEL,
    provider: s.provider,
    createdAt: s.createdAt.toISOString(),
    finishedAt: s.finishedAt?.toISOString() ?? null,
    mine: viewerId !== null && viewerId === s.userId,
  };
}
export type SongDto = ReturnType<typeof songDto>;
