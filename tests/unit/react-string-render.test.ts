import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement, useId } from 'react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import reactStringRender, {
  editRenderer,
  RENDERER_MODULE,
  rendererEdits,
} from '../../src/integrations/react-string-render.mjs';

// The installed @astrojs/react renderer, as the build bundles it.
const file = path.resolve('node_modules/@astrojs/react/dist/server.js');
const source = readFileSync(file, 'utf8');
const dir = mkdtempSync(path.join(tmpdir(), 'react-render-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Renderer {
  check(this: { result: object }, component: unknown, props: object, slots: object, metadata: object): Promise<boolean>;
  renderToStaticMarkup(
    this: { result: object },
    component: unknown,
    props: object,
    slots: object,
    metadata: object,
  ): Promise<{ html: string; attrs: { prefix?: string } }>;
}

/** The renderer's code with its options and imports pointed at the installed files, loaded from a temporary copy. */
async function load(code: string, streaming: boolean, name: string): Promise<Renderer> {
  const resolve = createRequire(file).resolve;
  const linked = code
    .replace('import opts from "astro:react:opts";', `const opts = { experimentalDisableStreaming: ${!streaming} };`)
    .replace(
      /from "(\.[^"]+)"/g,
      (_, rel: string) => `from "${pathToFileURL(path.join(path.dirname(file), rel)).href}"`,
    )
    .replace(
      /from "((?:react|react-dom|@astrojs)[^"]*)"/g,
      (_, spec: string) => `from "${pathToFileURL(resolve(spec)).href}"`,
    );
  const out = path.join(dir, name);
  writeFileSync(out, linked);
  return (await import(pathToFileURL(out).href)).default;
}

/** An island with an ARIA reference between two of its elements, as the console's tabs have. */
function Labelled() {
  const id = useId();
  return createElement(
    'div',
    null,
    createElement('h2', { id }, 'title'),
    createElement('section', { 'aria-labelledby': id }),
  );
}

describe('React islands rendered to a string (src/integrations/react-string-render.mjs)', () => {
  it("finds every place it edits in the installed version's renderer", () => {
    expect(RENDERER_MODULE.test(file)).toBe(true);
    expect(editRenderer(source)).not.toBeNull();
  });

  it("renders what React's stream renderer renders, ids under the island's prefix", async () => {
    const stream = await load(source, true, 'stream.mjs');
    const string = await load(editRenderer(source) ?? '', false, 'string.mjs');
    const unpatched = await load(source, false, 'unpatched.mjs');
    const render = (renderer: Renderer) =>
      renderer.renderToStaticMarkup.call({ result: {} }, Labelled, {}, {}, { hydrate: 'load' });
    const expected = await render(stream);
    const got = await render(string);
    expect(got.attrs.prefix).toBeTruthy();
    expect(expected.html).toContain(got.attrs.prefix);
    expect(got.html).toBe(expected.html);
    // Without the plugin the ids lose the prefix the browser hydrates with.
    expect((await render(unpatched)).html).not.toBe(expected.html);
  });

  it("takes a function component for React's without rendering it; a class only when it is React's", async () => {
    const edited = await load(editRenderer(source) ?? '', false, 'check.mjs');
    const unedited = await load(source, false, 'check-unedited.mjs');
    let calls = 0;
    const Counted = () => {
      calls += 1;
      return createElement('p', null, 'x');
    };
    expect(await edited.check.call({ result: {} }, Counted, {}, {}, { hydrate: 'load' })).toBe(true);
    expect(calls).toBe(0);
    // What the edit spares: the unedited check renders the component to learn the same.
    expect(await unedited.check.call({ result: {} }, Counted, {}, {}, { hydrate: 'load' })).toBe(true);
    expect(calls).toBe(1);
    class NotReact {
      render() {
        return 'x';
      }
    }
    expect(await edited.check.call({ result: {} }, NotReact, {}, {}, {})).toBe(false);
  });

  it('fails the build when a place it edits is gone, or another framework joins React', () => {
    const plugin = rendererEdits();
    const context = {
      error(message: string) {
        throw new Error(message);
      },
    };
    const transform = plugin.transform as unknown as (this: typeof context, code: string, id: string) => unknown;
    expect(transform.call(context, 'export const x = 1;', '/app/src/page.ts')).toBeNull();
    expect(() => transform.call(context, 'export {}', file)).toThrow(/renderer's code changed/);
    expect(() => transform.call(context, source.replace('const renderOptions = {', ''), file)).toThrow();
    const setup = reactStringRender().hooks['astro:config:setup'] as unknown as (options: object) => void;
    const updateConfig = vi.fn();
    setup({ config: { integrations: [{ name: '@astrojs/react' }] }, updateConfig });
    expect(updateConfig).toHaveBeenCalledOnce();
    expect(() => setup({ config: { integrations: [{ name: '@astrojs/vue' }] }, updateConfig })).toThrow(/joined React/);
  });
});
