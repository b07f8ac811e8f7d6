import { labelHeight, labelSvg } from '../image/label';
import { composeScene, sceneSvg } from '../image/scene';
import { type Motif, rngFrom } from '../image/scene-theme';
import { loadSharp } from '../sharp';
import type { FramePlan, Motion, Sprite } from './frames';
import { type RenderLimits, renderOnThread } from './render';
import { frameSize, type VideoProvider, type VideoRequest } from './types';

export interface OfflineVideoOptions {
  /** The clip's shorter side in pixels (720: 720p). */
  shortSide: number;
  fps: number;
  /** Seconds a clip lasts at most, whatever was asked (tests keep clips short). */
  maxSeconds: number;
  limits?: Partial<RenderLimits>;
}

/** How the lights move for a motif: snow and petals fall, lanterns and stars rise or circle. */
const MOTION: Record<Motif, Motion> = {
  mountains: 'drift',
  sea: 'drift',
  night: 'swirl',
  city: 'rise',
  forest: 'rise',
  bloom: 'fall',
  snow: 'fall',
  dream: 'swirl',
};

/** The room the camera pans over: the background is this much larger than the frame. */
const ROOM = 1.2;

const rgbOf = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/**
 * Everything a clip is made of, from the prompt alone (and the reference picture when there is
 * one): the same request always gives the same frames.
 */
export async function planFor(request: VideoRequest, o: OfflineVideoOptions): Promise<FramePlan> {
  const sharp = await loadSharp();
  const { width, height } = frameSize(request.aspect, o.shortSide);
  const seconds = Math.min(request.duration, o.maxSeconds);
  const bgWidth = Math.ceil(width * ROOM);
  const bgHeight = Math.ceil(height * ROOM);
  const rng = rngFrom(`video\u0000${request.prompt}`);
  const scene = composeScene(request.prompt, 0, bgWidth, bgHeight);
  const source = request.image
    ? sharp(request.image, { failOn: 'error' }).rotate().resize(bgWidth, bgHeight, { fit: 'cover' })
    : sharp(Buffer.from(sceneSvg(scene))).resize(bgWidth, bgHeight);
  const background = await source.ensureAlpha().raw().toBuffer();
  const lh = labelHeight(width, height);
  const svg = labelSvg(lh);
  const label = await sharp(Buffer.from(svg.svg)).resize(svg.width, svg.height).ensureAlpha().raw().toBuffer();
  // Lights: more for a longer prompt, coloured from the scene's palette.
  const colours = [scene.theme.light, scene.theme.accent, scene.theme.sky[1], '#ffffff'].map(rgbOf);
  const count = Math.min(40, 12 + [...request.prompt].length);
  const sprites: Sprite[] = Array.from({ length: count }, () => ({
    x: rng.next(),
    y: rng.next(),
    r: rng.range(0.008, 0.045),
    rgb: rng.pick(colours),
    alpha: rng.range(0.35, 0.85),
    speed: rng.range(0.4, 1.6),
    phase: rng.next(),
  }));
  const corner = () => rng.pick([0, 1] as const);
  const pan: FramePlan['pan'] = [corner(), rng.next(), 0, 0];
  pan[2] = 1 - pan[0];
  pan[3] = rng.next();
  return {
    width,
    height,
    fps: o.fps,
    frames: Math.max(1, Math.round(seconds * o.fps)),
    // A copy in an ArrayBuffer of its own: sharp's may be shared, and this one is moved to the thread.
    background: new Uint8Array(background),
    bgWidth,
    bgHeight,
    pan,
    motion: MOTION[scene.theme.motif],
    sprites,
    label: new Uint8Array(label.buffer, label.byteOffset, label.byteLength),
    labelWidth: svg.width,
    labelHeight: svg.height,
  };
}

/**
 * The offline video maker: a short procedural animation of the prompt's scene (or of the
 * reference picture), the 'AI生成' label painted into every frame, H.264 in MP4. Works with no
 * network; nothing is downloaded.
 */
export function createOfflineVideoMaker(o: OfflineVideoOptions): VideoProvider {
  return {
    mode: 'offline',
    async generate(request, ctx) {
      await ctx.progress(5);
      const plan = await planFor(request, o);
      const { width, height, frames, fps } = plan;
      let reported = 5;
      // A lost task (progress rejects) is reported once the thread is done; the runner aborts it meanwhile.
      let lost: unknown = null;
      const { mp4, cover } = await renderOnThread(plan, {
        signal: ctx.signal,
        limits: o.limits,
        onProgress: (done) => {
          const p = Math.round(5 + done * 85);
          if (p - reported < 10) return;
          reported = p;
          ctx.progress(p).catch((err: unknown) => {
            lost ??= err;
          });
        },
      });
      if (lost) throw lost;
      const sharp = await loadSharp();
      const still = await sharp(cover, { raw: { width, height, channels: 4 } })
        .png()
        .toBuffer();
      return { video: mp4, cover: still, width, height, duration: frames / fps };
    },
  };
}
