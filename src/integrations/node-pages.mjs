// @ts-check
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';

/** The server entry built in place of the adapter's: the pages' handler over @hono/node-server. */
export const SERVER_ENTRY = fileURLToPath(new URL('../server/astro-entry.ts', import.meta.url));

/**
 * The adapter's settings with our entry. Astro finds an `auto` entry by its module alone; an adapter
 * that finds it otherwise (through exports it declares) would not run ours, so the build stops.
 * @param {import('astro').AstroAdapter} settings
 * @returns {import('astro').AstroAdapter}
 */
export function withServerEntry(settings) {
  if (settings.entrypointResolution !== 'auto')
    throw new Error('@astrojs/node changed how its server entry is found; review src/integrations/node-pages.mjs');
  return { ...settings, serverEntrypoint: SERVER_ENTRY, previewEntrypoint: undefined };
}

/**
 * Astro's node adapter (its build settings, sessions, image endpoint) with our
 * own server entry (src/server/astro-entry.ts): its handler read every
 * rendered page back through a stream, and it registered a process-wide
 * unhandled-rejection listener that main.ts now states itself.
 * @param {Parameters<typeof node>[0]} options
 * @returns {import('astro').AstroIntegration}
 */
export default function nodePages(options) {
  const adapter = node(options);
  const done = adapter.hooks['astro:config:done'];
  if (!done) throw new Error('@astrojs/node no longer sets its adapter in astro:config:done');
  return {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      'astro:config:done': (params) =>
        done({
          ...params,
          setAdapter: (settings) => params.setAdapter(withServerEntry(settings)),
        }),
    },
  };
}
