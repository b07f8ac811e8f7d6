import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionKeysOf, buttonFor, MODAL_KEYS } from '../../../src/server/providers/image/midjourney-buttons';
import { createMidjourneyProxyProvider } from '../../../src/server/providers/image/midjourney-proxy';
import { type DrawEdit, type DrawResult, ImageProviderError } from '../../../src/server/providers/image/types';
import { actionsOf } from '../../../src/server/services/drawing/capabilities';
import { actionParams } from '../../../src/shared/drawing';
import { drawEdit, drawJob, maskPng, recordingHooks, sizeOf } from './action-fixtures';
import { startFakeMidjourney } from './fake-midjourney';

describe('midjourney-proxy actions', () => {
  let mj: Awaited<ReturnType<typeof startFakeMidjourney>>;
  let provider: ReturnType<typeof createMidjourneyProxyProvider>;
  /** A finished grid (imagine) and one of its upscaled candidates, to press buttons on. */
  let grid: { id: string; result: DrawResult };
  let single: { id: string; result: DrawResult };
  const source = Buffer.from('unused: midjourney acts on its own copy');

  async function draw(edit: DrawEdit | null, taskId = 'd-mj') {
    const { hooks, remembered } = recordingHooks();
    const result = await provider.draw(drawJob({ taskId, edit }), hooks);
    return { result, remembered, id: remembered.at(-1) ?? '' };
  }
  const on = (parent: { id: string; result: DrawResult }, over: Partial<DrawEdit>) =>
    drawEdit(source, { parentProviderTaskId: parent.id, parentButtons: parent.result.buttons ?? [], ...over });

  beforeAll(async () => {
    mj = await startFakeMidjourney();
    provider = createMidjourneyProxyProvider({ baseUrl: mj.url, secret: mj.secret, pollMs: 20 });
    grid = await draw(null);
    single = await draw(on(grid, { action: 'upscale', index: 2, sourceGrid: true }));
  });
  afterAll(async () => {
    await mj?.close();
  });

  it('a finished task hands back its buttons and whether the picture is a grid', async () => {
    expect(grid.result.grid).toBe(true);
    expect(grid.result.buttons?.map((b) => b.label)).toEqual(['U1', 'U2', 'U3', 'U4', '', 'V1', 'V2', 'V3', 'V4']);
    expect(grid.result.buttons?.[0]).toEqual({
      customId: `MJ::JOB::upsample::1::hash-${grid.id}`,
      label: 'U1',
      emoji: '',
    });
    expect(single.result.grid).toBe(false);
    expect(single.result.buttons?.some((b) => b.customId.startsWith('MJ::Inpaint::'))).toBe(true);
  });

  it('U2 presses the grid task’s button with the parent task, state and notifyHook, and polls the new task', async () => {
    const pressed = mj.actions.find((a) => String(a.customId).startsWith('MJ::JOB::upsample::2::'));
    expect(pressed).toEqual({
      customId: `MJ::JOB::upsample::2::hash-${grid.id}`,
      taskId: grid.id,
      chooseSameChannel: true,
      notifyHook: '',
      state: 'd-mj',
    });
    expect(mj.submits).toHaveLength(1);
    expect(single.id).not.toBe(grid.id);
    expect(mj.tasks.get(single.id)?.status).toBe('SUCCESS');
    expect(await sizeOf(single.result.image)).toMatchObject({ format: 'png', width: 128, height: 128 });
  });

  it('vary, pan, zoom 2× and reroll press their buttons; MJ-Plus names the bot', async () => {
    const plus = createMidjourneyProxyProvider({ baseUrl: mj.url, secret: mj.secret, pollMs: 20, plus: true });
    const cases: Array<[Partial<DrawEdit>, RegExp, typeof single]> = [
      [{ action: 'vary', strength: 'subtle' }, /^MJ::JOB::low_variation::1::/, single],
      [{ action: 'pan', direction: 'up' }, /^MJ::JOB::pan_up::1::/, single],
      [{ action: 'zoom', zoom: 2 }, /^MJ::Outpaint::50::1::/, single],
      [{ action: 'reroll' }, /^MJ::JOB::reroll::0::/, grid],
      [{ action: 'variation', index: 4, sourceGrid: true }, /^MJ::JOB::variation::4::/, grid],
    ];
    for (const [edit, customId, parent] of cases) {
      const { hooks } = recordingHooks();
      const result = await plus.draw(drawJob({ edit: on(parent, edit) }), hooks);
      expect(mj.actions.at(-1)).toMatchObject({ taskId: parent.id, botType: 'MID_JOURNEY' });
      expect(String(mj.actions.at(-1)?.customId)).toMatch(customId);
      expect(result.grid).toBe(true);
    }
    expect(mj.modals).toHaveLength(0);
  });

  it('every button the grid and the upscaled picture offer presses its own customId', async () => {
    const pressed: string[] = [];
    for (const parent of [grid, single]) {
      const buttons = parent.result.buttons ?? [];
      for (const key of actionKeysOf(buttons).filter((k) => !MODAL_KEYS.has(k))) {
        const p = actionParams(key);
        const edit = {
          action: p.action,
          index: p.index ?? null,
          strength: p.strength ?? null,
          zoom: p.zoom ?? null,
          direction: p.direction ?? null,
          sourceGrid: parent === grid,
        };
        const { result } = await draw(on(parent, edit));
        expect(mj.actions.at(-1)?.customId, key).toBe(buttonFor(key, buttons)?.customId);
        expect(result.grid, key).toBe(!key.startsWith('upscale'));
        pressed.push(key);
      }
    }
    expect(pressed).toEqual([
      ...['upscale:1', 'upscale:2', 'upscale:3', 'upscale:4', 'variation:1', 'variation:2', 'variation:3'],
      ...['variation:4', 'reroll', 'upscale', 'vary:strong', 'vary:subtle', 'zoom:2', 'zoom:1.5'],
      ...['pan:left', 'pan:right', 'pan:up', 'pan:down'],
    ]);
  });

  it('custom zoom fills the modal with the factor after the action answered 21', async () => {
    const modals = mj.modals.length;
    const { result, id } = await draw(on(single, { action: 'zoom', zoom: 1.8 }));
    expect(String(mj.actions.at(-1)?.customId)).toBe(`MJ::CustomZoom::hash-${single.id}`);
    expect(mj.modals.slice(modals)).toEqual([{ taskId: id, prompt: 'a lighthouse at dusk --ar 1:1 --zoom 1.8' }]);
    expect(mj.tasks.get(id)?.status).toBe('SUCCESS');
    expect(result.grid).toBe(true);
  });

  it('vary region sends the mask as a PNG data URL (white repainted) with the prompt', async () => {
    const mask = await maskPng(128, 128, { left: 32, top: 32, width: 64, height: 64 });
    const { id } = await draw(on(single, { action: 'inpaint', mask }));
    expect(String(mj.actions.at(-1)?.customId)).toMatch(/^MJ::Inpaint::1::/);
    expect(mj.modals.at(-1)).toEqual({
      taskId: id,
      prompt: 'a lighthouse at dusk',
      maskBase64: `data:image/png;base64,${mask.toString('base64')}`,
    });
    expect(mj.tasks.get(id)?.status).toBe('SUCCESS');
  });

  it('a button the picture does not offer, or no parent task, fails without pressing anything', async () => {
    const actions = mj.actions.length;
    const noVaryOnGrid = draw(on(grid, { action: 'vary', strength: 'strong' }));
    await expect(noVaryOnGrid).rejects.toBeInstanceOf(ImageProviderError);
    await expect(noVaryOnGrid).rejects.toMatchObject({ kind: 'failed', message: /vary:strong/ });
    const orphan = draw(on(single, { action: 'pan', direction: 'left', parentProviderTaskId: null }));
    await expect(orphan).rejects.toMatchObject({ kind: 'failed' });
    expect(mj.actions).toHaveLength(actions);
  });

  it('a resumed action polls its task instead of pressing again, and fills a modal left open', async () => {
    const press = async (customId: string) => {
      const res = await fetch(`${mj.url}/mj/submit/action`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'mj-api-secret': mj.secret },
        body: JSON.stringify({ customId, taskId: single.id, state: 'x' }),
      });
      return String((await res.json()).result);
    };
    const button = (prefix: string) =>
      single.result.buttons?.find((b) => b.customId.startsWith(prefix))?.customId ?? '';
    const running = await press(button('MJ::JOB::high_variation::'));
    const actions = mj.actions.length;
    const { hooks, remembered } = recordingHooks(running);
    const result = await provider.draw(drawJob({ edit: on(single, { action: 'vary', strength: 'strong' }) }), hooks);
    expect(mj.actions).toHaveLength(actions);
    expect(remembered).toEqual([]);
    expect(result.grid).toBe(true);

    const waiting = await press(button('MJ::CustomZoom::'));
    expect(mj.tasks.get(waiting)?.status).toBe('MODAL');
    const resumed = recordingHooks(waiting);
    await provider.draw(drawJob({ edit: on(single, { action: 'zoom', zoom: 1.3 }) }), resumed.hooks);
    expect(mj.actions).toHaveLength(actions + 1);
    expect(mj.modals.at(-1)).toEqual({ taskId: waiting, prompt: 'a lighthouse at dusk --ar 1:1 --zoom 1.3' });
    expect(mj.tasks.get(waiting)?.status).toBe('SUCCESS');
  });
});

describe('the open-source midjourney-proxy (no buttons)', () => {
  it('a grid task is known by its action; U, V and reroll go through submit/change; the site offers exactly those', async () => {
    const mj = await startFakeMidjourney('mj-secret', undefined, { classic: true });
    try {
      const provider = createMidjourneyProxyProvider({ baseUrl: mj.url, secret: mj.secret, pollMs: 20 });
      const draw = async (edit: DrawEdit | null) => {
        const { hooks, remembered } = recordingHooks();
        return {
          result: await provider.draw(drawJob({ taskId: 'd-classic', edit }), hooks),
          id: remembered.at(-1) ?? '',
        };
      };
      const grid = await draw(null);
      expect([grid.result.grid, grid.result.buttons]).toEqual([true, []]);
      const offered = actionsOf({ status: 10, grid: true, provider: 'midjourney-proxy', providerButtons: [] });
      expect(offered).toEqual([
        'upscale:1',
        'upscale:2',
        'upscale:3',
        'upscale:4',
        'variation:1',
        'variation:2',
        'variation:3',
        'variation:4',
        'reroll',
      ]);

      const u3 = await draw(
        drawEdit(Buffer.alloc(0), {
          action: 'upscale',
          index: 3,
          sourceGrid: true,
          parentProviderTaskId: grid.id,
          parentButtons: [],
        }),
      );
      expect(mj.changes.at(-1)).toEqual({
        action: 'UPSCALE',
        index: 3,
        taskId: grid.id,
        notifyHook: '',
        state: 'd-classic',
      });
      expect(u3.result.grid).toBe(false);
      expect(actionsOf({ status: 10, grid: false, provider: 'midjourney-proxy', providerButtons: [] })).toEqual([]);
      const again = await draw(
        drawEdit(Buffer.alloc(0), { action: 'reroll', parentProviderTaskId: grid.id, parentButtons: [] }),
      );
      expect(mj.changes.at(-1)).toMatchObject({ action: 'REROLL', taskId: grid.id });
      expect(again.result.grid).toBe(true);
      expect(mj.actions).toEqual([]);
    } finally {
      await mj.close();
    }
  });
});
