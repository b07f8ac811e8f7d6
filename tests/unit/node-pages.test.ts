import { existsSync } from 'node:fs';
import type { AstroAdapter, AstroIntegration } from 'astro';
import { describe, expect, it } from 'vitest';
import nodePages, { SERVER_ENTRY, withServerEntry } from '../../src/integrations/node-pages.mjs';

type Params = Parameters<NonNullable<AstroIntegration['hooks']['astro:config:done']>>[0];

describe('the node adapter with our server entry (src/integrations/node-pages.mjs)', () => {
  it("keeps the adapter's settings and names src/server/astro-entry.ts as the server entry", async () => {
    const set: AstroAdapter[] = [];
    const params = { setAdapter: (a: AstroAdapter) => set.push(a), config: {} } as unknown as Params;
    await nodePages({ mode: 'middleware' }).hooks['astro:config:done']?.(params);
    expect(set).toHaveLength(1);
    expect(set[0]?.name).toBe('@astrojs/node');
    expect(set[0]?.serverEntrypoint).toBe(SERVER_ENTRY);
    expect(set[0]?.previewEntrypoint).toBeUndefined();
    expect(set[0]?.adapterFeatures).toMatchObject({ buildOutput: 'server', middlewareMode: 'classic' });
    expect(SERVER_ENTRY.endsWith('src/server/astro-entry.ts')).toBe(true);
    expect(existsSync(SERVER_ENTRY)).toBe(true);
  });

  it('stops the build for an adapter that finds its entry another way', () => {
    const settings: AstroAdapter = { name: 'x', serverEntrypoint: 'x/server.js', supportedAstroFeatures: {} };
    expect(() => withServerEntry({ ...settings, entrypointResolution: 'explicit' })).toThrow(/server entry/);
    expect(() => withServerEntry(settings)).toThrow(/server entry/);
    expect(withServerEntry({ ...settings, entrypointResolution: 'auto' }).serverEntrypoint).toBe(SERVER_ENTRY);
  });
});
