import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { drawPreviewHtml } from '../../src/islands/drawing/draw-preview-html';
import { islandMessages } from '../../src/lib/island-messages';
import type { PublicPicture } from '../../src/shared/contract/drawing';

const picture = (id: string, prompt: string) =>
  ({ id, prompt, thumbnailsUrl: `/files/${id}.webp`, width: 768, height: 768 }) as unknown as PublicPicture;
const page = (...records: PublicPicture[]) => ({ records, total: records.length, current: 1, size: 30 });
const props = (records: PublicPicture[], draft: { prompt: string } | null = null) => ({
  lang: 'zh-CN',
  messages: islandMessages('zh-CN', ['drawing', 'layout']),
  draft,
  publicPage: page(...records),
});

describe("/draw's first view as kept HTML (draw-preview-html.ts)", () => {
  // As built: HTML is kept only outside `astro dev` (kept-html.ts).
  beforeAll(() => vi.stubEnv('DEV', false));
  afterAll(() => vi.unstubAllEnvs());

  it('renders the public page with ids of its own and no hoisted preloads', async () => {
    const html = await drawPreviewHtml(props([picture('a1', '雪山日出')]), null);
    expect(html).toContain('雪山日出');
    expect(html).toContain('/files/a1.webp');
    expect(html).toMatch(/id="_pR_/);
    expect(html).not.toContain('<link');
  });

  it('renders once per version of the public page', async () => {
    const first = await drawPreviewHtml(props([picture('b1', '第一版')]), 'v1');
    // Same version: the kept HTML, even though these props would render otherwise.
    expect(await drawPreviewHtml(props([picture('b2', '第二版')]), 'v1')).toBe(first);
    const next = await drawPreviewHtml(props([picture('b2', '第二版')]), 'v2');
    expect(next).toContain('第二版');
    expect(next).not.toContain('第一版');
  });

  it("renders a draft's prompt each time, never keeping it", async () => {
    const drafted = await drawPreviewHtml(props([picture('c1', '画廊')], { prompt: '海边的灯塔' }), 'v3');
    expect(drafted).toContain('海边的灯塔');
    expect(await drawPreviewHtml(props([picture('c1', '画廊')]), 'v3')).not.toContain('海边的灯塔');
  });
});
