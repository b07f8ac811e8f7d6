import type { AspectRatio, DrawAction, PanDirection, Quality, VaryStrength } from '../../../shared/drawing';

export type { AspectRatio };
export type DrawQuality = Quality;

export type ImageMode = 'offline' | 'midjourney-proxy' | 'sd-webui' | 'openai';

/** Longest side in pixels per quality; the other side follows the ratio. */
const LONG_SIDE: Record<DrawQuality, number> = { 1: 768, 2: 1024, 3: 1536 };

/** Picture size for a ratio and quality, both sides multiples of 64 (what diffusion models want). */
export function pictureSize(aspect: AspectRatio, quality: DrawQuality): { width: number; height: number } {
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  const long = LONG_SIDE[quality];
  const short = Math.max(64, Math.round((long * Math.min(w, h)) / Math.max(w, h) / 64) * 64);
  return w >= h ? { width: long, height: short } : { width: short, height: long };
}

/** What to draw. */
export interface DrawJob {
  /** Our task id (also the midjourney-proxy `state`). */
  taskId: string;
  prompt: string;
  negativePrompt: string | null;
  aspect: AspectRatio;
  quality: DrawQuality;
  width: number;
  height: number;
  steps: number;
  seed: number;
  /** Reference images (PNG), already decoded and checked. */
  references: Buffer[];
  /**
   * Midjourney's layout: a 2×2 grid of four candidates (the image chat asks for it). Engines that
   * draw one picture ignore it; midjourney-proxy always draws grids.
   */
  grid: boolean;
  /** Set when the task acts on a finished picture instead of drawing from the prompt alone. */
  edit: DrawEdit | null;
}

/** A button a midjourney-proxy task offers (its `buttons`), kept with the picture to act on it later. */
export interface ProviderButton {
  customId: string;
  label: string;
  emoji: string;
}

/**
 * An action on a finished picture (shared/drawing.ts DRAW_ACTIONS). The job's prompt is the
 * parent's, or the new one the user gave for zoom, pan or inpaint; its width and height are the
 * parent's (the engine decides the output size: upscale doubles, pan extends one side).
 */
export interface DrawEdit {
  action: DrawAction;
  /** Upscale / variation of a grid: the quadrant 1–4 (1 top left, 2 top right, 3 bottom left, 4 bottom right). */
  index: number | null;
  /** Vary: how far from the picture. */
  strength: VaryStrength | null;
  /** Zoom out: the factor, 1–2 (2: the picture fills half of each side). */
  zoom: number | null;
  /** Pan: which side grows. */
  direction: PanDirection | null;
  /** The parent picture's unlabelled original (PNG or WebP bytes). */
  source: Buffer;
  /** Whether the parent is a 2×2 grid. */
  sourceGrid: boolean;
  /** Inpaint: the parent-sized greyscale mask (PNG); white is repainted, black kept. */
  mask: Buffer | null;
  /** The parent's task id at its provider (midjourney-proxy acts on that) and the buttons it offered. */
  parentProviderTaskId: string | null;
  parentButtons: ProviderButton[];
}

/** What a provider may do while drawing. */
export interface DrawHooks {
  /** Aborted on shutdown or when the task's deadline passes. */
  signal: AbortSignal;
  /** Reports progress, 0–100 of the drawing itself. */
  progress(percent: number): Promise<void>;
  /** The provider task id a previous attempt saved, if any (resume instead of resubmitting). */
  providerTaskId: string | null;
  rememberProviderTaskId(id: string): Promise<void>;
  /** URL the provider may call back on progress (midjourney-proxy notifyHook). */
  notifyHook: string;
  /** Resolves after `ms`, or earlier when the provider called notifyHook for this task. */
  wait(ms: number): Promise<void>;
}

/** A finished picture's bytes in any format sharp reads; the service re-encodes and labels it. */
export interface DrawResult {
  image: Buffer;
  /** The picture is a 2×2 grid of candidates (U1–U4 / V1–V4 apply). */
  grid?: boolean;
  /** midjourney-proxy: the buttons the finished task offers. */
  buttons?: ProviderButton[];
}

/**
 * A provider's refusal: `violation` when the provider judged the prompt or
 * picture against its rules (status 12), `failed` otherwise (status 11).
 */
export class ImageProviderError extends Error {
  readonly kind: 'failed' | 'violation';
  /**
   * The upstream could not take the work (unreachable, queue full, out of credit), not the
   * prompt's fault: a router may try another channel.
   */
  readonly unavailable: boolean;

  constructor(kind: 'failed' | 'violation', message: string, unavailable = false) {
    super(message);
    this.kind = kind;
    this.unavailable = unavailable;
  }
}

export interface ImageProvider {
  readonly mode: ImageMode;
  draw(job: DrawJob, hooks: DrawHooks): Promise<DrawResult>;
}
