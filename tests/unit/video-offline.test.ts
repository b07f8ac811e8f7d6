import { sidecar } from 'exifr';
import { createFile, type Movie, MP4BoxBuffer } from 'mp4box';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createOfflineVideoMaker, planFor } from '../../src/server/providers/video/offline';
import type { VideoContext, VideoRequest } from '../../src/server/providers/video/types';
import { labelVideo } from '../../src/server/services/compliance/labels';

// The offline clip read back with an independent parser (mp4box) and exifr for its XMP, never our writer.
const maker = createOfflineVideoMaker({ shortSide: 96, fps: 8, maxSeconds: 2 });
const request: VideoRequest = {
  prompt: '雪夜里的小镇，灯笼慢慢升起',
  duration: 5,
  aspect: '16:9',
  image: null,
  imageUrl: null,
};

function context(progress: number[] = []): VideoContext {
  return {
    signal: new AbortController().signal,
    ref: null,
    saveRef: async () => {},
    progress: async (p) => void progress.push(p),
  };
}

function parse(bytes: Buffer): { info: Movie; boxes: { type: string; uuid?: string; start: number; size: number }[] } {
  const file = createFile();
  let info: Movie | null = null;
  file.onReady = (i) => {
    info = i;
  };
  file.onError = (e) => {
    throw new Error(String(e));
  };
  file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(new Uint8Array(bytes).buffer, 0));
  file.flush();
  if (!info) throw new Error('mp4box found no movie');
  return { info, boxes: file.boxes as unknown as { type: string; uuid?: string; start: number; size: number }[] };
}

describe('offline video', () => {
  it('makes an H.264 MP4 of the asked aspect and (capped) length, with a cover, reporting progress', async () => {
    const progress: number[] = [];
    const made = await maker.generate(request, context(progress));
    const { info } = parse(made.video);
    const track = info.videoTracks[0];
    expect(track?.codec).toMatch(/^avc1\./);
    expect(track?.video?.width).toBe(176);
    expect(track?.video?.height).toBe(96);
    expect(info.duration / info.timescale).toBeCloseTo(2, 1);
    expect(track?.nb_samples).toBe(16);
    expect(made).toMatchObject({ width: 176, height: 96, duration: 2 });
    const cover = await sharp(made.cover as Buffer).metadata();
    expect([cover.width, cover.height, cover.format]).toEqual([176, 96, 'png']);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  }, 60_000);

  it('is deterministic from the prompt, and another prompt gives other frames', async () => {
    const a = await planFor(request, { shortSide: 64, fps: 4, maxSeconds: 1 });
    const b = await planFor(request, { shortSide: 64, fps: 4, maxSeconds: 1 });
    const c = await planFor({ ...request, prompt: '海边的日落' }, { shortSide: 64, fps: 4, maxSeconds: 1 });
    expect(Buffer.from(a.background).equals(Buffer.from(b.background))).toBe(true);
    expect(a.sprites).toEqual(b.sprites);
    expect(Buffer.from(a.background).equals(Buffer.from(c.background))).toBe(false);
    expect(a.sprites).not.toEqual(c.sprites);
  });

  it('sizes 9:16 and 1:1 clips', async () => {
    expect((await planFor({ ...request, aspect: '9:16' }, { shortSide: 96, fps: 4, maxSeconds: 1 })).height).toBe(176);
    const square = await planFor({ ...request, aspect: '1:1' }, { shortSide: 96, fps: 4, maxSeconds: 1 });
    expect([square.width, square.height]).toEqual([96, 96]);
  });

  it('burns the visible label into the bottom right corner of every frame', async () => {
    const plan = await planFor(request, { shortSide: 96, fps: 4, maxSeconds: 1 });
    const { paintFrame } = await import('../../src/server/providers/video/frames');
    const out = new Uint8Array(plan.width * plan.height * 4);
    const bare = { ...plan, label: new Uint8Array(plan.label.length) };
    const without = new Uint8Array(out.length);
    paintFrame(plan, 0, out);
    paintFrame(bare, 0, without);
    const changed = (x0: number, y0: number, x1: number, y1: number) => {
      let n = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) if (out[(y * plan.width + x) * 4] !== without[(y * plan.width + x) * 4]) n++;
      return n;
    };
    const m = Math.round(plan.labelHeight / 2);
    expect(
      changed(plan.width - plan.labelWidth - m, plan.height - plan.labelHeight - m, plan.width, plan.height),
    ).toBeGreaterThan(50);
    expect(changed(0, 0, plan.width / 2, plan.height / 2)).toBe(0);
  });

  it('carries the AIGC record in a top-level XMP uuid box, and stays a valid MP4', async () => {
    const made = await maker.generate({ ...request, duration: 5 }, context());
    const labelled = labelVideo({ serviceName: '妙笔 <Miaobi>', filingCode: '网信算备1号' }, made.video, 'video_abc');
    const again = labelVideo({ serviceName: '妙笔 <Miaobi>', filingCode: '网信算备1号' }, labelled, 'video_abc');
    expect(again.length).toBe(labelled.length);
    const { info, boxes } = parse(labelled);
    expect(info.videoTracks[0]?.nb_samples).toBe(16);
    const box = boxes.find((b) => b.type === 'uuid');
    expect(box?.uuid?.replace(/-/g, '').toLowerCase()).toContain('be7acfcb97a942e89c71999491e3afac');
    const start = (box?.start ?? 0) + 24;
    const xmp = labelled.subarray(start, (box?.start ?? 0) + (box?.size ?? 0));
    const parsed = (await sidecar(xmp, {}, 'xmp')) as { TC260?: { AIGC?: string }; dc?: { description?: unknown } };
    expect(JSON.parse(parsed.TC260?.AIGC ?? 'null')).toMatchObject({
      Label: '1',
      ContentProducer: '妙笔 <Miaobi> 网信算备1号',
      ProduceID: 'video_abc',
    });
    expect(JSON.stringify(parsed.dc?.description)).toContain('AI生成');
  }, 60_000);

  it('refuses to label a file that is no MP4', () => {
    expect(() => labelVideo({ serviceName: 'x', filingCode: '' }, Buffer.from('not a video at all'), 'v')).toThrow();
  });
});
