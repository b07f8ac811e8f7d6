/** Video task status (docs/state-machines.md): 1–2 still running, 10 and 11 final; stored in videos.status. */
export const VideoStatus = {
  QUEUED: 1,
  GENERATING: 2,
  DONE: 10,
  FAILED: 11,
} as const;

/** What a video may be asked to be: its length in seconds and its shape. */
export const VIDEO_DURATIONS = [5, 10] as const;
export const VIDEO_ASPECTS = ['16:9', '9:16', '1:1'] as const;
export type VideoAspect = (typeof VIDEO_ASPECTS)[number];
