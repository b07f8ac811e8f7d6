import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJimengProvider } from '../../src/server/providers/video/jimeng';
import { createKlingProvider } from '../../src/server/providers/video/kling';
import { createLumaProvider } from '../../src/server/providers/video/luma';
import type { VideoContext, VideoProvider, VideoRequest } from '../../src/server/providers/video/types';
import { FAKE_KEYS, startFakeVideoApis, TINY_MP4 } from '../fixtures/fake-video-apis';

let fake: Awaited<ReturnType<typeof startFakeVideoApis>>;
beforeAll(async () => {
  fake = await startFakeVideoApis();
});
afterAll(() => fake?.close());

const text: VideoRequest = { prompt: '海边日落', duration: 5, aspect: '9:16', image: null, imageUrl: null };
const picture: VideoRequest = {
  ...text,
  image: Buffer.from('png bytes'),
  imageUrl: 'https://example.com/files/ref.png?sig=1',
};

function context(ref: string | null = null) {
  const seen = { refs: [] as string[], progress: [] as number[] };
  const ctx: VideoContext = {
    signal: new AbortController().signal,
    ref,
    saveRef: async (r) => void seen.refs.push(r),
    progress: async (p) => void seen.progress.push(p),
  };
  return { ctx, seen };
}

/** The last task submission to `api` (Jimeng's calls are all POSTs: its reads are GetResult actions). */
const lastSubmit = (api: string) =>
  fake.calls.filter((c) => c.api === api && c.method === 'POST' && c.path !== 'CVSync2AsyncGetResult').at(-1);

const adapters: Record<'kling' | 'jimeng' | 'luma', (secret: string) => VideoProvider> = {
  kling: (secret) => createKlingProvider({ baseUrl: fake.url, secret, pollMs: 5 }),
  jimeng: (secret) => createJimengProvider({ baseUrl: fake.url, secret, pollMs: 5 }),
  luma: (secret) => createLumaProvider({ baseUrl: fake.url, secret, pollMs: 5 }),
};

describe.each(['kling', 'jimeng', 'luma'] as const)('%s adapter', (api) => {
  it('submits, saves the task id, polls until done and re-hosts the video', async () => {
    const { ctx, seen } = context();
    const made = await adapters[api](FAKE_KEYS[api]).generate(text, ctx);
    expect(made.video.equals(TINY_MP4)).toBe(true);
    expect(made.duration).toBe(5);
    expect(seen.refs).toHaveLength(1);
    expect(seen.progress.length).toBeGreaterThan(2);
    const submit = lastSubmit(api);
    expect(submit?.body).toMatchObject({ prompt: '海边日落' });
  });

  it('sends the reference picture for picture-to-video', async () => {
    const { ctx } = context();
    await adapters[api](FAKE_KEYS[api]).generate(picture, ctx);
    const submit = lastSubmit(api);
    const body = JSON.stringify(submit?.body);
    if (api === 'luma') expect(body).toContain('https://example.com/files/ref.png?sig=1');
    else expect(body).toContain(Buffer.from('png bytes').toString('base64'));
  });

  it('fails with the upstream reason when the task fails', async () => {
    const { ctx } = context();
    await expect(adapters[api](FAKE_KEYS[api]).generate({ ...text, prompt: 'FAIL please' }, ctx)).rejects.toThrow();
  });

  it('resumes a saved task without submitting again', async () => {
    const first = context();
    const provider = adapters[api](FAKE_KEYS[api]);
    // A task submitted by an earlier run: submit it, then read it back through a fresh context.
    const before = fake.calls.length;
    await provider.generate(text, first.ctx);
    const ref = first.seen.refs[0] as string;
    const submits = () =>
      fake.calls.slice(before).filter((c) => c.method === 'POST' && !/GetResult/.test(c.path)).length;
    const count = submits();
    const again = context(ref);
    const made = await provider.generate(text, again.ctx);
    expect(made.video.equals(TINY_MP4)).toBe(true);
    expect(submits()).toBe(count);
    expect(again.seen.refs).toEqual([]);
  });

  it('is refused with wrong credentials (the fake checks them as the service does)', async () => {
    const wrong = api === 'luma' ? 'luma-key-wrong' : FAKE_KEYS[api].replace(/:.*/, ':wrong-secret-key');
    await expect(adapters[api](wrong).generate(text, context().ctx)).rejects.toMatchObject({ status: 401 });
  });
});
