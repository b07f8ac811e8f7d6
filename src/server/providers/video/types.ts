/** What a person asked for: a prompt, optionally a reference picture to animate. */
export interface VideoRequest {
  prompt: string;
  /** Seconds: 5 or 10. */
  duration: number;
  aspect: VideoAspect;
  /** The reference picture's bytes (picture-to-video), already decoded once by the upload path. */
  image: Buffer | null;
  /** Its stored URL, for upstreams that fetch the picture themselves. */
  imageUrl: string | null;
}

export const VIDEO_ASPECTS = ['16:9', '9:16', '1:1'] as const;
export type VideoAspect = (typeof VIDEO_ASPECTS)[number];
export const VIDEO_DURATIONS = [5, 10] as const;

export interface VideoContext {
  signal: AbortSignal;
  /** Reports progress (0–100) and keeps the task's lease; rejects when the task was lost. */
  progress(percent: number): Promise<void>;
  /** What an earlier run saved (the upstream task id), so a restart polls instead of submitting again. */
  ref: string | null;
  saveRef(ref: string): Promise<void>;
}

export interface MadeVideo {
  /** An MP4 (H.264). */
  video: Buffer;
  /** A still of it (PNG or JPEG), when the provider has one. */
  cover: Buffer | null;
  width: number | null;
  height: number | null;
  /** Seconds. */
  duration: number;
}

export interface VideoProvider {
  /** offline: the procedural animation; kling, jimeng, luma: those services. */
  mode: 'offline' | 'kling' | 'jimeng' | 'luma';
  generate(request: VideoRequest, ctx: VideoContext): Promise<MadeVideo>;
}

/** A failure the person should see as such (bad upstream answer, upstream error), not a crash. */
export class VideoProviderError extends Error {
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

/** Frame size for an aspect at a short side of `short` pixels, each side a multiple of 16 (whole macroblocks). */
export function frameSize(aspect: VideoAspect, short: number): { width: number; height: number } {
  const even = (n: number) => Math.max(16, Math.round(n / 16) * 16);
  if (aspect === '1:1') return { width: even(short), height: even(short) };
  const long = even((short * 16) / 9);
  return aspect === '16:9' ? { width: long, height: even(short) } : { width: even(short), height: long };
}
