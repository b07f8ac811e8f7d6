import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMidjourneyProxyProvider } from '../../../src/server/providers/image/midjourney-proxy';
import { pictureSize } from '../../../src/server/providers/image/types';
import { createUserWithToken, type TestServer } from '../helpers';
import { startDrawServer, submit, waitForStatus } from './draw-helpers';
import { startFakeOpenAiImages, startFakeSdWebui } from './fake-image-services';
import { startFakeMidjourney } from './fake-midjourney';

type Fake<T extends () => Promise<unknown>> = Awaited<ReturnType<T>>;

async function pictureOf(srv: TestServer, url: string) {
  const res = await fetch(srv.url + url);
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
}

/** The notifyHook must reach this server: its real address, not the configured default. */
function useRealOrigin(srv: TestServer) {
  (srv.runtime.env as { PUBLIC_ORIGIN: string }).PUBLIC_ORIGIN = srv.url;
}

describe('midjourney-proxy adapter', () => {
  let mj: Fake<typeof startFakeMidjourney>;
  let srv: TestServer;
  beforeAll(async () => {
    mj = await startFakeMidjourney();
    srv = await startDrawServer({
      IMAGE_PROVIDER: 'midjourney-proxy',
      MJ_PROXY_URL: mj.url,
      MJ_PROXY_SECRET: mj.secret,
    });
    useRealOrigin(srv);
  });
  afterAll(async () => {
    await srv?.dispose();
    await mj?.close();
  });

  it('submits with ratio, seed, notifyHook and state, follows the hook to SUCCESS and re-hosts the picture', async () => {
    const u = await createUserWithToken(srv, 'mj1@example.com');
    const task = await submit(srv, u.headers, { prompt: 'a lighthouse', drawRate: '16:9', seed: 42 });
    const done = await waitForStatus(srv, u.headers, task.id);
    expect(done).toMatchObject({ status: 10, progress: 100 });
    const body = mj.submits.at(-1) as { prompt: string; notifyHook: string; state: string; base64Array: string[] };
    expect(body.prompt).toBe('a lighthouse --ar 16:9 --seed 42');
    expect(body.state).toBe(task.id);
    expect(body.notifyHook).toMatch(new RegExp(`^${srv.url}/api/sd/hook/${task.id}/[A-Za-z0-9_-]+$`));
    expect(mj.hookCalls.length).toBeGreaterThanOrEqual(3);
    expect(mj.hookCalls.every((s) => s === 200)).toBe(true);
    // Hooks wake the runner: it finished well before three 3-second polls.
    expect(mj.fetches.length).toBeLessThanOrEqual(6);
    expect(done.imageUrl).toMatch(/^\/files\/drawings\/.+\.webp$/);
    expect(await pictureOf(srv, done.imageUrl)).toMatchObject({ format: 'webp', width: 128, height: 128 });
  });

  it('a resumed task polls the task it saved instead of drawing it twice', async () => {
    const first = await fetch(`${mj.url}/mj/submit/imagine`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mj-api-secret': mj.secret },
      body: JSON.stringify({ prompt: 'resumed harbour', state: 'x' }),
    });
    const id = String((await first.json()).result);
    const submits = mj.submits.length;
    const provider = createMidjourneyProxyProvider({ baseUrl: mj.url, secret: mj.secret, pollMs: 50 });
    const progress: number[] = [];
    const result = await provider.draw(
      {
        taskId: 'dresume',
        prompt: 'resumed harbour',
        negativePrompt: null,
        aspect: '1:1',
        quality: 1,
        ...pictureSize('1:1', 1),
        steps: 20,
        seed: 1,
        references: [],
        grid: false,
        edit: null,
      },
      {
        signal: AbortSignal.timeout(5000),
        progress: async (p) => {
          progress.push(p);
        },
        providerTaskId: id,
        rememberProviderTaskId: async () => {
          throw new Error('must not submit again');
        },
        notifyHook: '',
        wait: (ms) => new Promise((r) => setTimeout(r, ms)),
      },
    );
    expect(mj.submits.length).toBe(submits);
    expect((await sharp(result.image).metadata()).format).toBe('png');
    expect(progress.at(-1)).toBe(100);
  });

  it('maps a banned prompt (code 24) to 12 and a FAILURE to 11; a forged hook token is refused', async () => {
    const u = await createUserWithToken(srv, 'mj2@example.com');
    const banned = await submit(srv, u.headers, { prompt: 'banned words here' });
    expect((await waitForStatus(srv, u.headers, banned.id)).status).toBe(12);
    const failing = await submit(srv, u.headers, { prompt: 'this will fail' });
    expect((await waitForStatus(srv, u.headers, failing.id)).status).toBe(11);
    const forged = await srv.call('POST', `/api/sd/hook/${failing.id}/not-the-token`, {});
    expect(forged.status).toBe(404);
  });

  it('a task stuck at the provider fails with 11 after DRAW_TASK_TIMEOUT_MS, and the drawing is given back', async () => {
    const env = srv.runtime.env as unknown as Record<string, unknown>;
    env.DRAW_TASK_TIMEOUT_MS = 1500;
    try {
      const u = await createUserWithToken(srv, 'mj3@example.com');
      const before = (await srv.call('GET', '/api/sd/quota', undefined, u.headers)).body.data.used;
      const task = await submit(srv, u.headers, { prompt: 'hang forever' });
      const failed = await waitForStatus(srv, u.headers, task.id, [10, 11, 12, 14], 8000);
      expect(failed.status).toBe(11);
      expect((await srv.call('GET', '/api/sd/quota', undefined, u.headers)).body.data.used).toBe(before);
    } finally {
      env.DRAW_TASK_TIMEOUT_MS = 600_000;
    }
  });
});

describe('SD WebUI adapter', () => {
  let sd: Fake<typeof startFakeSdWebui>;
  let srv: TestServer;
  beforeAll(async () => {
    sd = await startFakeSdWebui();
    srv = await startDrawServer({ IMAGE_PROVIDER: 'sd-webui', SD_WEBUI_URL: sd.url });
  });
  afterAll(async () => {
    await srv?.dispose();
    await sd?.close();
  });

  it('txt2img with size, steps, seed and negative prompt; progress polled; img2img with a reference image', async () => {
    const u = await createUserWithToken(srv, 'sd1@example.com');
    const task = await submit(srv, u.headers, {
      prompt: 'forest cabin',
      negativePrompt: 'blurry',
      drawRate: '3:4',
      drawQuality: 1,
      drawSteps: 25,
      seed: 7,
    });
    const done = await waitForStatus(srv, u.headers, task.id);
    expect(done.status).toBe(10);
    expect(sd.requests[0]).toMatchObject({
      endpoint: 'txt2img',
      body: { prompt: 'forest cabin', negative_prompt: 'blurry', steps: 25, seed: 7, width: 576, height: 768 },
    });
    expect(sd.progressCalls()).toBeGreaterThan(0);

    const reference = (
      await sharp({ create: { width: 80, height: 80, channels: 3, background: '#fff' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const second = await submit(srv, u.headers, {
      prompt: 'same cabin',
      base64Array: [`data:image/png;base64,${reference}`],
    });
    await waitForStatus(srv, u.headers, second.id);
    const img2img = sd.requests[1];
    expect(img2img?.endpoint).toBe('img2img');
    const init = (img2img?.body.init_images as string[] | undefined)?.[0] ?? '';
    expect((await sharp(Buffer.from(init, 'base64')).metadata()).format).toBe('png');
  });
});

describe('OpenAI images adapter', () => {
  let ai: Fake<typeof startFakeOpenAiImages>;
  let srv: TestServer;
  beforeAll(async () => {
    ai = await startFakeOpenAiImages();
    srv = await startDrawServer({
      IMAGE_PROVIDER: 'openai',
      OPENAI_IMAGE_BASE_URL: `${ai.url}/v1`,
      OPENAI_IMAGE_API_KEY: 'sk-test',
    });
  });
  afterAll(async () => {
    await srv?.dispose();
    await ai?.close();
  });

  it('asks generations for the nearest size and maps a content-policy refusal to 12', async () => {
    const u = await createUserWithToken(srv, 'ai1@example.com');
    const task = await submit(srv, u.headers, { prompt: 'a red kite', drawRate: '9:16', drawQuality: 3 });
    expect((await waitForStatus(srv, u.headers, task.id)).status).toBe(10);
    expect(ai.requests[0]).toMatchObject({
      model: 'gpt-image-1',
      prompt: 'a red kite',
      size: '1024x1536',
      quality: 'high',
    });
    expect(ai.auth[0]).toBe('Bearer sk-test');
    const refused = await submit(srv, u.headers, { prompt: 'something forbidden' });
    expect((await waitForStatus(srv, u.headers, refused.id)).status).toBe(12);
  });
});
