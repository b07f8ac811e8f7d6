import { AI_LABEL } from '../../../shared/ai-label';
import type { Video as VideoInfo } from '../../../shared/contract/video';
import type { Video } from '../../db/schema';
import type { Runtime } from '../../runtime';
import { isOpenVideo, ownerFileUrl } from '../file-access';

/**
 * A video as the API and the pages show it. Files of a video that is not finished and public
 * are signed for its owner only; its reference picture is the owner's alone.
 */
export async function videoDto(v: Video, viewerId: number | null, rt: Pick<Runtime, 'storage'>): Promise<VideoInfo> {
  const mine = viewerId !== null && viewerId === v.userId;
  const open = !mine || isOpenVideo(v);
  return {
    id: v.taskId,
    prompt: v.prompt,
    mode: v.mode,
    duration: v.duration,
    aspect: v.aspect,
    isPublic: v.isPublic,
    review: v.review,
    status: v.status,
    progress: v.progress,
    videoUrl: await ownerFileUrl(rt, v.videoUrl, open),
    coverUrl: await ownerFileUrl(rt, v.coverUrl, open),
    thumbUrl: await ownerFileUrl(rt, v.thumbUrl, open),
    referenceUrl: mine ? await ownerFileUrl(rt, v.referenceUrl, false) : null,
    width: v.width,
    height: v.height,
    seconds: v.seconds,
    error: mine ? v.error : null,
    label: AI_LABEL,
    provider: v.provider,
    createdAt: v.createdAt.toISOString(),
    finishedAt: v.finishedAt?.toISOString() ?? null,
    mine,
  };
}
