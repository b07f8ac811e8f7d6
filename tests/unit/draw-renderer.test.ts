import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { midjourneyPrompt, parseProgress } from '../../src/server/providers/image/midjourney-proxy';
import { renderOffline } from '../../src/server/providers/image/offline';
import { openAiSize } from '../../src/server/providers/image/openai';
import { type DrawJob, pictureSize } from '../../src/server/providers/image/types';
import { labelPicture } from '../../src/server/services/drawing/store';

const job = (patch: Partial<DrawJob> = {}): DrawJob => ({
  taskId: 'dtest',
  prompt: '海边的灯塔 黄昏',
  negativePrompt: null,
  aspect: '16:9',
  quality: 1,
  ...pictureSize(patch.aspect ?? '16:9', patch.quality ?? 1),
  steps: 20,
  seed: 7,
  references: [],
  grid: false,
  edit: null,
  ...patch,
});

describe('picture sizes', () => {
  it('follow the ratio, grow with quality, and stay multiples of 64', () => {
    expect(pictureSize('1:1', 1)).toEqual({ width: 768, height: 768 });
    expect(pictureSize('16:9', 2)).toEqual({ width: 1024, height: 576 });
    expect(pictureSize('9:16', 3)).toEqual({ width: 896, height: 1536 });
    expect(pictureSize('4:3', 1)).toEqual({ width: 768, height: 576 });
    expect(pictureSize('3:4', 2)).toEqual({ width: 768, height: 1024 });
  });
});

describe('the offline renderer', () => {
  it('is deterministic for one prompt and seed, and differs for another', async () => {
    const a = await renderOffline(job());
    const b = await renderOffline(job());
    const c = await renderOffline(job({ prompt: '赛博朋克城市夜景' }));
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
    expect(await sharp(a).metadata()).toMatchObject({ format: 'png', width: 768, height: 448 });
  });

  it('makes a varied picture, not a flat fill', async () => {
    const { channels } = await sharp(await renderOffline(job({ aspect: '1:1', ...pictureSize('1:1', 1) }))).stats();
    for (const ch of channels.slice(0, 3)) expect(ch.stdev).toBeGreaterThan(15);
  });

  it('labels a picture visibly and in its metadata, as WebP with a thumbnail labelled in its metadata only', async () => {
    const raw = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const { full, thumb, width, height } = await labelPicture({ taskId: 'dtest' }, raw, {
      serviceName: 'Miaobi',
      filingCode: '',
    });
    expect({ width, height }).toEqual({ width: 900, height: 600 });
    const meta = await sharp(full).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.xmp?.toString()).toContain('AI生成');
    expect(meta.xmp?.toString()).toContain('dtest');
    expect(meta.exif?.toString('latin1')).toContain('AIGC');
    expect((await sharp(thumb).metadata()).width).toBe(480);
    // The corner with the badge is no longer plain white.
    const corner = await sharp(full).extract({ left: 760, top: 540, width: 120, height: 40 }).stats();
    expect(corner.channels[0]?.min).toBeLessThan(200);
    // The thumbnail's corner stays white: cards draw their own label over it, once.
    const thumbCorner = await sharp(thumb).extract({ left: 400, top: 280, width: 70, height: 40 }).stats();
    expect(thumbCorner.channels[0]?.min).toBeGreaterThan(240);
    expect((await sharp(thumb).metadata()).xmp?.toString()).toContain('AI生成');
  });

  it('refuses bytes that are not a picture', async () => {
    await expect(
      labelPicture({ taskId: 'x' }, Buffer.from('<html>'), { serviceName: 'Miaobi', filingCode: '' }),
    ).rejects.toThrow(/could not be read/);
  });
});

describe('adapter details', () => {
  it('midjourney prompt parameters and progress', () => {
    expect(midjourneyPrompt(job({ aspect: '3:4', seed: 9, quality: 3, negativePrompt: 'text' }))).toBe(
      '海边的灯塔 黄昏 --ar 3:4 --seed 9 --q 2 --no text',
    );
    expect(midjourneyPrompt(job({ prompt: 'cat --ar 1:1 --v 6' }))).toBe('cat --ar 16:9 --seed 7');
    expect(parseProgress('45%')).toBe(45);
    expect(parseProgress(undefined)).toBe(0);
    expect(parseProgress('120%')).toBe(100);
  });

  it('OpenAI sizes per model', () => {
    expect(openAiSize('gpt-image-1', '16:9')).toBe('1536x1024');
    expect(openAiSize('dall-e-3', '9:16')).toBe('1024x1792');
    expect(openAiSize('dall-e-3', '1:1')).toBe('1024x1024');
  });
});
