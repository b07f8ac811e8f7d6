// @ts-check
/**
 * Two edits to @astrojs/react's server renderer, made as Vite bundles it:
 *
 * - It renders an island with React's stream renderer, encoding each chunk to
 *   bytes and decoding them back to one string (a sixth of an island page's
 *   server time), unless `experimentalDisableStreaming` is set; then it calls
 *   `renderToString(vnode)` without the island's render options, so the
 *   server's `useId` values lose the island's prefix, which the browser
 *   hydrates with: ARIA references (aria-controls, aria-labelledby) pointed at
 *   ids the hydrated island no longer had. The options (the prefix) are passed.
 * - Its `check` learns whether a component is React's by rendering it once
 *   more: every island rendered twice. React is this site's only framework
 *   (astro.config.mjs; the build fails if another joins), so a function
 *   component is React's without that render.
 *
 * The build fails if the renderer no longer has what is edited
 * (tests/unit/react-string-render.test.ts runs it on the installed version).
 */

/** The renderer's server module. */
export const RENDERER_MODULE = /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/;

/** What is replaced, and with what: each must occur once, in this order. */
const EDITS = [
  {
    find: 'async function check(Component, props, children, metadata) {',
    add: '\n  if (typeof Component === "function" && Component.prototype?.render == null) return true;',
  },
  { find: 'const renderOptions = {' },
  { find: 'html = ReactDOM.renderToString(vnode);', replace: 'html = ReactDOM.renderToString(vnode, renderOptions);' },
];

/**
 * The renderer's module edited as above, or null when `code` lacks one of the places.
 * @param {string} code
 * @returns {string | null}
 */
export function editRenderer(code) {
  let at = 0;
  let out = code;
  for (const edit of EDITS) {
    const found = out.indexOf(edit.find, at);
    if (found < 0 || out.indexOf(edit.find, found + 1) >= 0) return null;
    const text = edit.replace ?? edit.find + (edit.add ?? '');
    out = out.slice(0, found) + text + out.slice(found + edit.find.length);
    at = found + text.length;
  }
  return out;
}

/** Framework integrations other than React's: with one of them, `check` must render to tell. */
const OTHER_RENDERERS = /^@astrojs\/(?:preact|vue|svelte|solid-js|alpinejs|lit)$/;

/** @returns {import('astro').AstroIntegration} */
export default function reactStringRender() {
  return {
    name: 'miaobi:react-string-render',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        const other = config.integrations.find((i) => OTHER_RENDERERS.test(i.name));
        if (other) throw new Error(`${other.name} joined React: revisit the check edit in ${import.meta.url}`);
        updateConfig({ vite: { plugins: [rendererEdits()] } });
      },
    },
  };
}

/** @returns {import('vite').Plugin} */
export function rendererEdits() {
  return {
    name: 'miaobi:react-string-render',
    enforce: 'pre',
    transform(code, id) {
      if (!RENDERER_MODULE.test(id.split('?')[0] ?? '')) return null;
      const edited = editRenderer(code);
      if (edited === null)
        this.error(`the renderer's code changed in ${id}: @astrojs/react changed, revisit ${import.meta.url}`);
      return { code: edited, map: null };
    },
  };
}
