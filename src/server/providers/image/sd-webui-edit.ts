import { EDIT_MAX_SIDE, fitSide } from './edit-geometry';
import { editMask, editSource, outpaintCanvas } from './edit-images';
import type { DrawEdit, DrawJob } from './types';

/** The upscaler extra-single-image uses unless configured (SD_WEBUI_UPSCALER). */
export const DEFAULT_UPSCALER = 'R-ESRGAN 4x+';

/** How far img2img moves from the picture: vary strong / subtle, and an inpainted region. */
const DENOISE = { strong: 0.75, subtle: 0.35, inpaint: 0.85, outpaint: 1 } as const;

/** One WebUI request: the endpoint under /sdapi/v1 and its JSON body. */
export interface SdRequest {
  endpoint: 'txt2img' | 'img2img' | 'extra-single-image';
  body: Record<string, unknown>;
}

const b64 = (png: Buffer) => png.toString('base64');
const by8 = (n: number) => Math.max(64, Math.round(n / 8) * 8);

/** A picture's size for img2img: the parent's long side, the picture's ratio, multiples of 8. */
function drawSize(width: number, height: number, job: DrawJob) {
  const long = Math.min(EDIT_MAX_SIDE, Math.max(job.width, job.height));
  const k = long / Math.max(width, height);
  const fit = fitSide(Math.round(width * k), Math.round(height * k));
  return { width: by8(fit.width), height: by8(fit.height) };
}

/**
 * The WebUI request an action makes: upscale through the extras tab's upscaler; vary and
 * variation as img2img of the picture (or its grid quadrant); inpaint as img2img with the mask,
 * starting from the original pixels; zoom out and pan as outpainting (the grown canvas, a mask
 * white on the new area, latent noise there). Reroll is a plain draw: `null`.
 */
export async function sdEditRequest(job: DrawJob, edit: DrawEdit, upscaler: string): Promise<SdRequest | null> {
  if (edit.action === 'reroll') return null;
  const source = await editSource(edit);
  if (edit.action === 'upscale')
    return {
      endpoint: 'extra-single-image',
      body: { resize_mode: 0, upscaling_resize: 2, upscaler_1: upscaler, image: b64(source.png) },
    };
  const common = {
    prompt: job.prompt,
    negative_prompt: job.negativePrompt ?? '',
    steps: job.steps,
    seed: job.seed,
    cfg_scale: 7,
    batch_size: 1,
    n_iter: 1,
  };
  if (edit.action === 'vary' || edit.action === 'variation')
    return {
      endpoint: 'img2img',
      body: {
        ...common,
        ...drawSize(source.width, source.height, job),
        init_images: [b64(source.png)],
        denoising_strength: DENOISE[edit.strength ?? 'strong'],
      },
    };
  if (edit.action === 'inpaint')
    return {
      endpoint: 'img2img',
      body: {
        ...common,
        ...drawSize(source.width, source.height, job),
        init_images: [b64(source.png)],
        mask: b64(await editMask(edit, source.width, source.height)),
        mask_blur: 4,
        inpainting_fill: 1,
        inpainting_mask_invert: 0,
        inpaint_full_res: false,
        denoising_strength: DENOISE.inpaint,
      },
    };
  // zoom, pan
  const canvas = await outpaintCanvas(edit, source, 8);
  return {
    endpoint: 'img2img',
    body: {
      ...common,
      width: canvas.width,
      height: canvas.height,
      init_images: [b64(canvas.filled)],
      mask: b64(canvas.mask),
      mask_blur: 8,
      inpainting_fill: 2,
      inpainting_mask_invert: 0,
      inpaint_full_res: false,
      denoising_strength: DENOISE.outpaint,
    },
  };
}
