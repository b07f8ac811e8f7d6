import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawConfig } from '../../../src/server/config/drawing';
import { createImageProvider } from '../../../src/server/providers/image';
import { createOpenAiImageProvider } from '../../../src/server/providers/image/openai';
import { createSdWebuiProvider } from '../../../src/server/providers/image/sd-webui';
import { type DrawEdit, ImageProviderError } from '../../../src/server/providers/image/types';
import {
  drawEdit,
  drawJob,
  GRID_COLOURS,
  gridPng,
  maskPng,
  pixel,
  recordingHooks,
  rgb,
  sizeOf,
} from './action-fixtures';
import { startFakeOpenAiImages, startFakeSdWebui } from './fake-image-services';

const RED = [255, 0, 0];
const GREEN = [0, 255, 0];
const BLUE = [0, 0, 255];
/** A 128×96 picture in one colour. */
const plain = (background: string) =>
  sharp({ create: { width: 128, height: 96, channels: 3, background } })
    .png()
    .toBuffer();

describe('SD WebUI actions', () => {
  let sd: Awaited<ReturnType<typeof startFakeSdWebui>>;
  let provider: ReturnType<typeof createSdWebuiProvider>;
  const act = async (edit: DrawEdit, p = provider) => {
    const result = await p.draw(drawJob({ edit }), recordingHooks().hooks);
    const sent = sd.requests.at(-1);
    return { result, endpoint: sent?.endpoint, body: sent?.body ?? {} };
  };
  beforeAll(async () => {
    sd = await startFakeSdWebui();
    provider = createSdWebuiProvider({ baseUrl: sd.url, pollMs: 100, sampler: 'Euler a' });
  });
  afterAll(async () => {
    await sd?.close();
  });

  it('U3 crops the grid’s quadrant and doubles it through extra-single-image with the configured upscaler', async () => {
    const grid = await gridPng(128, 96);
    const { result, endpoint, body } = await act(drawEdit(grid, { action: 'upscale', index: 3, sourceGrid: true }));
    expect(endpoint).toBe('extra-single-image');
    expect(body).toMatchObject({ upscaling_resize: 2, upscaler_1: 'R-ESRGAN 4x+' });
    expect(await sizeOf(String(body.image))).toMatchObject({ width: 64, height: 48 });
    expect(await rgb(String(body.image), 10, 10)).toEqual(BLUE);
    expect(await sizeOf(result.image)).toMatchObject({ width: 128, height: 96 });

    const configured = createImageProvider(
      drawConfig({ IMAGE_PROVIDER: 'sd-webui', SD_WEBUI_URL: sd.url, SD_WEBUI_UPSCALER: '4x-UltraSharp' }),
    );
    const single = await act(drawEdit(await plain('#ff0000'), { action: 'upscale' }), configured);
    expect(single.body.upscaler_1).toBe('4x-UltraSharp');
    expect(await sizeOf(String(single.body.image))).toMatchObject({ width: 128, height: 96 });
  });

  it('vary and variation are img2img of the picture or its quadrant, subtle or strong; reroll is txt2img', async () => {
    const subtle = await act(drawEdit(await plain('#ff0000'), { action: 'vary', strength: 'subtle' }));
    expect(subtle.endpoint).toBe('img2img');
    expect(subtle.body).toMatchObject({ denoising_strength: 0.35, seed: 4242, prompt: 'a lighthouse at dusk' });
    expect(await rgb((subtle.body.init_images as string[])[0] ?? '', 5, 5)).toEqual(RED);
    expect([subtle.body.width, subtle.body.height]).toEqual([768, 576]);

    const v2 = await act(drawEdit(await gridPng(), { action: 'variation', index: 2, sourceGrid: true }));
    expect(v2.body).toMatchObject({ denoising_strength: 0.75, width: 768, height: 576 });
    expect(await rgb((v2.body.init_images as string[])[0] ?? '', 5, 5)).toEqual(GREEN);
    expect(await sizeOf(v2.result.image)).toMatchObject({ format: 'png' });

    const reroll = await act(drawEdit(await plain('#ff0000'), { action: 'reroll' }));
    expect(reroll.endpoint).toBe('txt2img');
    expect(reroll.body.init_images).toBeUndefined();
  });

  it('inpaint sends the mask with the original pixels kept under it; no mask or no picture sends nothing', async () => {
    const mask = await maskPng(128, 96, { left: 64, top: 0, width: 64, height: 96 });
    const { endpoint, body } = await act(drawEdit(await plain('#0000ff'), { action: 'inpaint', mask }));
    expect(endpoint).toBe('img2img');
    expect(body).toMatchObject({ inpainting_fill: 1, inpainting_mask_invert: 0, denoising_strength: 0.85 });
    expect((await pixel(String(body.mask), 100, 50))[0]).toBe(255);
    expect((await pixel(String(body.mask), 20, 50))[0]).toBe(0);
    expect(await rgb((body.init_images as string[])[0] ?? '', 100, 50)).toEqual(BLUE);

    const sent = sd.requests.length;
    const noMask = act(drawEdit(await plain('#0000ff'), { action: 'inpaint' }));
    await expect(noMask).rejects.toMatchObject({ kind: 'failed', message: /mask/ });
    const notPicture = act(drawEdit(Buffer.from('not a picture'), { action: 'vary', strength: 'strong' }));
    await expect(notPicture).rejects.toBeInstanceOf(ImageProviderError);
    expect(sd.requests).toHaveLength(sent);
  });

  it('pan and zoom outpaint: the grown canvas, white on the new area, latent noise there', async () => {
    const left = await act(drawEdit(await plain('#ff0000'), { action: 'pan', direction: 'left' }));
    expect(left.endpoint).toBe('img2img');
    expect(left.body).toMatchObject({ width: 192, height: 96, inpainting_fill: 2 });
    const init = (left.body.init_images as string[])[0] ?? '';
    expect(await sizeOf(init)).toMatchObject({ width: 192, height: 96 });
    expect(await rgb(init, 150, 50)).toEqual(RED);
    expect((await pixel(String(left.body.mask), 20, 50))[0]).toBe(255);
    expect((await pixel(String(left.body.mask), 150, 50))[0]).toBe(0);

    const zoom = await act(drawEdit(await plain('#ff0000'), { action: 'zoom', zoom: 2 }));
    expect(zoom.body).toMatchObject({ width: 128, height: 96, inpainting_fill: 2 });
    expect((await pixel(String(zoom.body.mask), 2, 2))[0]).toBe(255);
    expect((await pixel(String(zoom.body.mask), 64, 48))[0]).toBe(0);
  });
});

describe('OpenAI images actions', () => {
  let ai: Awaited<ReturnType<typeof startFakeOpenAiImages>>;
  const provider = (model = 'gpt-image-1') =>
    createOpenAiImageProvider({ baseUrl: `${ai.url}/v1`, apiKey: 'sk-test', model });
  const act = async (edit: DrawEdit, model?: string) => {
    const result = await provider(model).draw(drawJob({ edit }), recordingHooks().hooks);
    return { result, sent: ai.multipart.at(-1) };
  };
  beforeAll(async () => {
    ai = await startFakeOpenAiImages();
  });
  afterAll(async () => {
    await ai?.close();
  });

  it('inpaint posts edits with a mask transparent where ours is white', async () => {
    const mask = await maskPng(128, 96, { left: 0, top: 0, width: 64, height: 96 });
    const { result, sent } = await act(drawEdit(await plain('#00ff00'), { action: 'inpaint', mask }));
    expect(sent?.path).toBe('/v1/images/edits');
    expect(sent?.fields).toMatchObject({ model: 'gpt-image-1', prompt: 'a lighthouse at dusk', size: '1536x1024' });
    const png = sent?.files.mask ?? Buffer.alloc(0);
    expect(await sizeOf(png)).toMatchObject({ format: 'png', width: 128, height: 96, channels: 4 });
    expect((await pixel(png, 10, 50))[3]).toBe(0);
    expect((await pixel(png, 100, 50))[3]).toBe(255);
    expect(await rgb(sent?.files.image ?? Buffer.alloc(0), 10, 50)).toEqual(GREEN);
    expect(await sizeOf(result.image)).toMatchObject({ width: 80, height: 80 });
  });

  it('vary uses variations on dall-e-2 and maskless edits with the prompt on gpt-image', async () => {
    const dalle = await act(drawEdit(await plain('#ff0000'), { action: 'vary', strength: 'strong' }), 'dall-e-2');
    expect(dalle.sent?.path).toBe('/v1/images/variations');
    expect(dalle.sent?.fields).toMatchObject({ n: '1', size: '1024x1024' });
    expect(dalle.sent?.fields.prompt).toBeUndefined();
    expect(await sizeOf(dalle.sent?.files.image ?? Buffer.alloc(0))).toMatchObject({ width: 1024, height: 1024 });

    const grid = await gridPng();
    const gpt = await act(drawEdit(grid, { action: 'variation', index: 4, sourceGrid: true }));
    expect(gpt.sent?.path).toBe('/v1/images/edits');
    expect(gpt.sent?.fields.prompt).toBe('a lighthouse at dusk');
    expect(Object.keys(gpt.sent?.files ?? {})).toEqual(['image']);
    expect(await rgb(gpt.sent?.files.image ?? Buffer.alloc(0), 5, 5)).toEqual([
      ...Buffer.from(GRID_COLOURS[3].slice(1), 'hex'),
    ]);
  });

  it('pan edits a grown canvas whose new area is fully transparent, with no mask', async () => {
    const { sent } = await act(drawEdit(await plain('#0000ff'), { action: 'pan', direction: 'right' }));
    expect(sent?.path).toBe('/v1/images/edits');
    expect(sent?.files.mask).toBeUndefined();
    expect(sent?.fields.size).toBe('1536x1024');
    const image = sent?.files.image ?? Buffer.alloc(0);
    expect(await sizeOf(image)).toMatchObject({ width: 192, height: 96, channels: 4 });
    expect(await pixel(image, 20, 50)).toEqual([...BLUE, 255]);
    expect((await pixel(image, 180, 50))[3]).toBe(0);
  });

  it('upscale is refused without a request; reroll asks generations', async () => {
    const before = ai.multipart.length + ai.requests.length;
    const upscale = act(drawEdit(await plain('#ff0000'), { action: 'upscale' }));
    await expect(upscale).rejects.toBeInstanceOf(ImageProviderError);
    await expect(upscale).rejects.toMatchObject({ kind: 'failed' });
    expect(ai.multipart.length + ai.requests.length).toBe(before);
    await act(drawEdit(await plain('#ff0000'), { action: 'reroll' }));
    expect(ai.requests.at(-1)).toMatchObject({ prompt: 'a lighthouse at dusk', size: '1024x1024' });
  });
});
