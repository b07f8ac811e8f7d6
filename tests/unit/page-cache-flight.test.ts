import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedPageResponse } from '../../src/server/page-http';
import type { Runtime } from '../../src/server/runtime';

// The cache's bookkeeping only: one render for many concurrent misses, and a
// page past its TTL served while one render refreshes it. Invalidation across
// processes is tested on PostgreSQL (tests/api/platform/page-cache.test.ts).

type Drop = () => void;

function runtime() {
  const drops: Drop[] = [];
  const warnings: string[] = [];
  const rt = {
    env: { PAGE_CACHE_MB: 8 },
    log: { warn: (msg: string) => warnings.push(msg), info() {}, error() {}, debug() {} },
    database: {
      notifier: {
        listen: async (_channel: string, fn: Drop) => {
          drops.push(fn);
        },
      },
    },
  } as unknown as Runtime;
  return { rt, announce: () => drops[0]?.(), warnings };
}

/** A page whose renders are counted and finish when released. */
function page(html: (n: number) => string, headers: Record<string, string> = {}) {
  let renders = 0;
  const waiting: Array<() => void> = [];
  const render = async () => {
    renders += 1;
    const n = renders;
    await new Promise<void>((resolve) => waiting.push(resolve));
    return new Response(html(n), { headers: { 'content-type': 'text/html', ...headers } });
  };
  return {
    render,
    renders: () => renders,
    release: () => {
      for (const go of waiting.splice(0)) go();
    },
  };
}

const get = () => new Request('http://site/product');
const text = (res: Response) => res.text();
const settle = () => new Promise((r) => setTimeout(r, 0));

/** Asks for a page whose render is held, lets the render finish, and reads the answer. */
async function released(rt: Runtime, key: string, p: ReturnType<typeof page>) {
  const answer = cachedPageResponse(rt, get(), key, p.render);
  await settle();
  p.release();
  return text(await answer);
}

afterEach(() => vi.restoreAllMocks());

describe('page cache renders', () => {
  it('renders a missing page once for many concurrent requests', async () => {
    const { rt } = runtime();
    await settle(); // the channels are listened to
    const p = page((n) => `<p>render ${n}</p>`);
    const answers = Array.from({ length: 20 }, () => cachedPageResponse(rt, get(), 'zh-CN|/product', p.render));
    await settle();
    p.release();
    const bodies = await Promise.all((await Promise.all(answers)).map(text));
    expect(p.renders()).toBe(1);
    expect(new Set(bodies)).toEqual(new Set(['<p>render 1</p>']));
  });

  it('lets each request render its own when the shared render may not be kept', async () => {
    const { rt } = runtime();
    await settle();
    const p = page((n) => `<p>render ${n}</p>`, { 'set-cookie': 'a=1' });
    const answers = Array.from({ length: 3 }, () => cachedPageResponse(rt, get(), 'zh-CN|/groups', p.render));
    await settle();
    p.release();
    await settle();
    p.release();
    const bodies = await Promise.all((await Promise.all(answers)).map(text));
    expect(p.renders()).toBe(3);
    expect(new Set(bodies).size).toBe(3);
  });

  it('serves a page past its TTL while one render refreshes it', async () => {
    const { rt } = runtime();
    await settle();
    const p = page((n) => `<p>render ${n}</p>`);
    expect(await released(rt, 'zh-CN|/test', p)).toBe('<p>render 1</p>');

    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    // Both answered at once with the kept page; only one refresh starts.
    const stale = await Promise.all([1, 2, 3].map(() => cachedPageResponse(rt, get(), 'zh-CN|/test', p.render)));
    expect(await Promise.all(stale.map(text))).toEqual(Array(3).fill('<p>render 1</p>'));
    expect(p.renders()).toBe(2);
    p.release();
    await settle();
    await settle();
    expect(await text(await cachedPageResponse(rt, get(), 'zh-CN|/test', p.render))).toBe('<p>render 2</p>');
    expect(p.renders()).toBe(2);
  });

  it('never serves a page after a change was announced', async () => {
    const { rt, announce } = runtime();
    await settle();
    const p = page((n) => `<p>price ${n}</p>`);
    expect(await released(rt, 'zh-CN|/product', p)).toBe('<p>price 1</p>');
    announce();
    expect(await released(rt, 'zh-CN|/product', p)).toBe('<p>price 2</p>');
  });

  it('does not hand a render begun before a change to requests that came after it', async () => {
    const { rt, announce } = runtime();
    await settle();
    const p = page((n) => `<p>price ${n}</p>`);
    const before = cachedPageResponse(rt, get(), 'zh-CN|/product', p.render);
    await settle();
    announce();
    const after = cachedPageResponse(rt, get(), 'zh-CN|/product', p.render);
    await settle();
    expect(p.renders()).toBe(2);
    p.release();
    expect(await text(await before)).toBe('<p>price 1</p>');
    expect(await text(await after)).toBe('<p>price 2</p>');
  });
});
