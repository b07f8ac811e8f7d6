import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptHtml } from '../../src/components/kept-html';
import { activeNav } from '../../src/layouts/nav';

afterEach(() => vi.unstubAllEnvs());

describe('kept HTML of the layout (src/components/Kept.astro)', () => {
  it('renders a key once and answers it from memory after', async () => {
    vi.stubEnv('DEV', false);
    const render = vi.fn(async () => '<nav>once</nav>');
    expect(await keptHtml('test:once', render)).toBe('<nav>once</nav>');
    expect(await keptHtml('test:once', render)).toBe('<nav>once</nav>');
    expect(render).toHaveBeenCalledOnce();
    expect(await keptHtml('test:other', async () => '<nav>other</nav>')).toBe('<nav>other</nav>');
  });

  it('renders every time while developing, where a component may have changed', async () => {
    vi.stubEnv('DEV', true);
    const render = vi.fn(async () => '<nav></nav>');
    await keptHtml('test:dev', render);
    await keptHtml('test:dev', render);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('refuses content with an island or a script, whose scripts are emitted once per page', async () => {
    vi.stubEnv('DEV', false);
    await expect(keptHtml('test:island', async () => '<astro-island uid="x"></astro-island>')).rejects.toThrow(
      /island or a script/,
    );
    await expect(keptHtml('test:script', async () => '<div><script>1</script></div>')).rejects.toThrow();
    // Nothing was kept: the next render is asked again.
    const render = vi.fn(async () => '<p></p>');
    await keptHtml('test:island', render);
    expect(render).toHaveBeenCalledOnce();
  });
});

describe('activeNav: what the navigation reads of the address', () => {
  it('names the entries a path highlights, in every list', () => {
    expect(activeNav('/chat')).toBe('chat');
    expect(activeNav('/chat/history')).toBe('chat,history');
    expect(activeNav('/sd')).toBe('drawing,advancedDraw');
    expect(activeNav('/product/')).toBe('membership');
    expect(activeNav('/terms')).toBe('');
  });

  it('has a few values whatever the address, so kept navigation cannot grow with paths', () => {
    const paths = Array.from({ length: 500 }, (_, i) => `/${['share', 'square', 'chat', 'x'][i % 4]}/${i}`);
    expect(new Set(paths.map(activeNav)).size).toBeLessThanOrEqual(3);
  });
});
