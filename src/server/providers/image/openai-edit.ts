import { loadSharp } from '../sharp';
import { alphaMask, editMask, editSource, outpaintCanvas } from './edit-images';
import { type DrawEdit, ImageProviderError } from './types';

/** A multipart request to the images API: `edits` or `variations`. */
export interface OpenAiEditRequest {
  path: 'images/edits' | 'images/variations';
  form: FormData;
}

/** dall-e-2 takes square pictures only, in one of three sizes. */
const DALLE2_SIDE = 1024;

/** The output size nearest a picture's ratio (gpt-image: square, 3:2 or 2:3). */
export function openAiEditSize(model: string, width: number, height: number): string {
  if (model.startsWith('dall-e-2')) return `${DALLE2_SIDE}x${DALLE2_SIDE}`;
  const ratio = width / height;
  if (ratio > 1.2) return '1536x1024';
  if (ratio < 1 / 1.2) return '1024x1536';
  return '1024x1024';
}

const png = (bytes: Buffer) => new Blob([new Uint8Array(bytes)], { type: 'image/png' });

/**
 * dall-e-2's square: the whole picture (or mask, placed the same way) centred, the bars
 * transparent, so the model paints them rather than the picture losing its sides.
 */
async function squared(model: string, bytes: Buffer): Promise<Buffer> {
  if (!model.startsWith('dall-e-2')) return bytes;
  const sharp = await loadSharp();
  return sharp(bytes)
    .ensureAlpha()
    .resize(DALLE2_SIDE, DALLE2_SIDE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

/**
 * The images API request an action makes. Inpaint: edits with the picture and a mask
 * transparent where ours is white (OpenAI edits where the mask's alpha is 0). Vary and variation:
 * dall-e-2's variations, or edits with the prompt and no mask. Zoom out and pan: edits of the
 * grown canvas, its new area fully transparent (with no mask, the image's own transparency marks
 * the edit). Reroll is a plain draw: `null`. Upscale is no images API operation.
 */
export async function openAiEditRequest(
  edit: DrawEdit,
  model: string,
  prompt: string,
): Promise<OpenAiEditRequest | null> {
  if (edit.action === 'reroll') return null;
  if (edit.action === 'upscale') throw new ImageProviderError('failed', 'the OpenAI images API cannot upscale');
  const source = await editSource(edit);
  const form = new FormData();
  form.set('model', model);
  form.set('n', '1');
  if ((edit.action === 'vary' || edit.action === 'variation') && model.startsWith('dall-e-2')) {
    form.set('size', openAiEditSize(model, source.width, source.height));
    form.set('response_format', 'b64_json');
    form.set('image', png(await squared(model, source.png)), 'image.png');
    return { path: 'images/variations', form };
  }
  form.set('prompt', prompt);
  if (model.startsWith('dall-e')) form.set('response_format', 'b64_json');
  if (edit.action === 'zoom' || edit.action === 'pan') {
    const canvas = await outpaintCanvas(edit, source);
    form.set('size', openAiEditSize(model, canvas.width, canvas.height));
    form.set('image', png(await squared(model, canvas.transparent)), 'image.png');
    return { path: 'images/edits', form };
  }
  form.set('size', openAiEditSize(model, source.width, source.height));
  form.set('image', png(await squared(model, source.png)), 'image.png');
  if (edit.action === 'inpaint') {
    const mask = await alphaMask(source, await editMask(edit, source.width, source.height));
    form.set('mask', png(await squared(model, mask)), 'mask.png');
  }
  return { path: 'images/edits', form };
}
