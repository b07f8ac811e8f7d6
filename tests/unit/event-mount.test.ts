import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountOnEvent } from '../../src/lib/event-mount';

// The page as event-mount.ts sees it: `window` for events, one element written by EventMount.astro.
let win: EventTarget;
const element = { id: 'login', dataset: { event: 'test:open', props: '{"lang":"en-US"}' } };
const page = element as unknown as HTMLElement;

beforeEach(() => {
  win = new EventTarget();
  vi.stubGlobal('window', win);
});
afterEach(() => vi.unstubAllGlobals());

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A dialog module: mounting records its props and, like the dialogs, announces readiness and listens. */
function dialog() {
  const heard: unknown[] = [];
  const mounted: unknown[] = [];
  const module = {
    mount(el: unknown, props: unknown) {
      mounted.push([el, props]);
      win.addEventListener('test:open', (e) => heard.push((e as CustomEvent).detail));
      win.dispatchEvent(new Event('test:open:ready'));
    },
  };
  return { module, heard, mounted };
}

describe('dialogs mounted on their first event (src/lib/event-mount.ts)', () => {
  it('downloads nothing before the event, then mounts once with its props and replays the event', async () => {
    const { module, heard, mounted } = dialog();
    const load = vi.fn(async () => module);
    expect(mountOnEvent(page, load)).toBe(true);
    expect(load).not.toHaveBeenCalled();
    win.dispatchEvent(new CustomEvent('test:open', { detail: { tab: 'first' } }));
    // A second click while it downloads: the latest one is what the dialog hears.
    win.dispatchEvent(new CustomEvent('test:open', { detail: { tab: 'second' } }));
    await flush();
    expect(load).toHaveBeenCalledOnce();
    expect(mounted).toEqual([[element, { lang: 'en-US' }]]);
    expect(heard).toEqual([{ tab: 'second' }]);
    // Mounted: later events go to the dialog alone.
    win.dispatchEvent(new CustomEvent('test:open', { detail: { tab: 'third' } }));
    await flush();
    expect(load).toHaveBeenCalledOnce();
    expect(heard).toEqual([{ tab: 'second' }, { tab: 'third' }]);
  });

  it('tries again on the next event when the download failed (offline)', async () => {
    const { module, heard } = dialog();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(module);
    mountOnEvent(page, load);
    win.dispatchEvent(new CustomEvent('test:open', { detail: 1 }));
    await flush();
    expect(heard).toEqual([]);
    win.dispatchEvent(new CustomEvent('test:open', { detail: 2 }));
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(heard).toEqual([2]);
  });

  it('wires nothing for an element that names no event', () => {
    const load = vi.fn();
    expect(mountOnEvent({ id: 'missing', dataset: {} } as unknown as HTMLElement, load)).toBe(false);
    win.dispatchEvent(new CustomEvent('test:open'));
    expect(load).not.toHaveBeenCalled();
  });
});

describe('the dialogs the pages place (EventMount.astro)', () => {
  it('each element id names a module in event-dialog-modules.ts, and each module there is placed', () => {
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.astro'));
    const placed = new Set(
      files.flatMap((f) =>
        [...readFileSync(path.join('src', f), 'utf8').matchAll(/<EventMount\s+id="([^"]+)"/g)].map((m) => m[1]),
      ),
    );
    const registry = readFileSync('src/islands/event-dialog-modules.ts', 'utf8');
    const named = new Set([...registry.matchAll(/^\s+'([a-z-]+)': \(\) => import\(/gm)].map((m) => m[1]));
    expect(placed.size).toBeGreaterThanOrEqual(4);
    expect([...placed].sort()).toEqual([...named].sort());
  });
});
