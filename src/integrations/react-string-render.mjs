// @ts-check
/**
 * @astrojs/react renders an island with React's stream renderer, encoding
 * each chunk to bytes and decoding them back to one string (a sixth of an
 * island page's server time), unless `experimentalDisableStreaming` is set;
 * then it calls `renderToString(vnode)` without the island's render options,
 * so the server's `useId` values lose the island's prefix, which the browser
 * hydrates with: ARIA references (aria-controls, aria-labelledby) pointed at
 * ids the hydrated island no longer had. This Vite plugin passes the options
 * (the prefix) to renderToString in the renderer's module as it is bundled.
 * The build fails if the renderer no longer has that call
 * (tests/unit/react-string-render.test.ts runs it on the installed version).
 */

/** The renderer's server module. */
export const RENDERER_MODULE = /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/;
const TARGET = 'html = ReactDOM.renderToString(vnode);';
const OPTIONS = 'const renderOptions = {';

/**
 * The renderer's module with its render options passed to renderToString, or null when `code` lacks the call.
 * @param {string} code
 * @returns {string | null}
 */
export function passRenderOptions(code) {
  if (!code.includes(TARGET) || !code.includes(OPTIONS) || code.indexOf(OPTIONS) > code.indexOf(TARGET)) return null;
  return code.replace(TARGET, 'html = ReactDOM.renderToString(vnode, renderOptions);');
}

/** @returns {import('vite').Plugin} */
export default function reactStringRender() {
  return {
    name: 'miaobi:react-string-render',
    enforce: 'pre',
    transform(code, id) {
      if (!RENDERER_MODULE.test(id.split('?')[0] ?? '')) return null;
      const passed = passRenderOptions(code);
      if (passed === null)
        this.error(`renderToString(vnode) not found in ${id}: @astrojs/react changed, revisit ${import.meta.url}`);
      return { code: passed, map: null };
    },
  };
}
