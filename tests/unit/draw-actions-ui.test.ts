import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  actionRequest,
  actionRows,
  glyphOf,
  labelKey,
  needsDialog,
  parseZoom,
} from '../../src/islands/drawing/actions/action-ui';
import {
  maskKey,
  movedCursor,
  paintedAt,
  paintStrokes,
  type StrokeContext,
  toNatural,
} from '../../src/islands/drawing/actions/mask-strokes';
import { ACTION_KEYS, type ActionKey, type ActionParams, actionKeyOf } from '../../src/shared/drawing';

const GRID: ActionKey[] = ['reroll', 'variation:2', 'upscale:1', 'upscale:2', 'upscale:3', 'upscale:4', 'variation:1'];
const SINGLE: ActionKey[] = [
  'upscale',
  'reroll',
  'pan:up',
  'zoom:2',
  'vary:subtle',
  'inpaint',
  'vary:strong',
  'zoom:custom',
];

describe('action buttons', () => {
  it("lays a grid's buttons out as Midjourney does, only those offered", () => {
    expect(actionRows(GRID)).toEqual([
      ['upscale:1', 'upscale:2', 'upscale:3', 'upscale:4', 'reroll'],
      ['variation:1', 'variation:2'],
    ]);
  });

  it("lays a single picture's buttons out in vary, zoom, pan and upscale rows", () => {
    expect(actionRows(SINGLE)).toEqual([
      ['vary:strong', 'vary:subtle', 'inpaint'],
      ['zoom:2', 'zoom:custom'],
      ['pan:up'],
      ['upscale', 'reroll'],
    ]);
    expect(actionRows([])).toEqual([]);
  });

  it('places every key in one row', () => {
    expect(actionRows(ACTION_KEYS).flat().sort()).toEqual([...ACTION_KEYS].sort());
  });

  it('labels every key in every language, under a key i18next reads whole', () => {
    for (const lang of ['zh-CN', 'en-US', 'zh-TW']) {
      const texts = JSON.parse(readFileSync(`locales/${lang}/drawing.json`, 'utf8')) as Record<string, string>;
      for (const key of ACTION_KEYS) {
        expect(labelKey(key)).toMatch(/^act\.[a-z0-9_]+$/);
        expect(texts[labelKey(key)], `${lang} ${key}`).toBeTruthy();
      }
    }
    const zh = JSON.parse(readFileSync('locales/zh-CN/drawing.json', 'utf8')) as Record<string, string>;
    expect(zh[labelKey('upscale:2')]).toBe('放大 U2');
    expect(zh[labelKey('zoom:1.5')]).toBe('缩小 1.5 倍');
  });

  it('shows U/V numbers and arrows as short faces, the rest by label', () => {
    expect(glyphOf('upscale:3')).toBe('U3');
    expect(glyphOf('variation:4')).toBe('V4');
    expect(glyphOf('pan:left')).toBe('⬅️');
    expect(glyphOf('reroll')).toBe('🔄');
    expect(glyphOf('upscale')).toBeNull();
    expect(glyphOf('vary:strong')).toBeNull();
  });

  it('asks first only for Custom Zoom and Vary (Region)', () => {
    expect(ACTION_KEYS.filter(needsDialog)).toEqual(['inpaint', 'zoom:custom']);
  });
});

describe('action requests', () => {
  it('sends the fields of the button pressed, which name that button again', () => {
    for (const key of ACTION_KEYS) {
      const body = actionRequest('d1', key, key === 'zoom:custom' ? { zoom: 1.3 } : {});
      expect(body.id).toBe('d1');
      expect(actionKeyOf(body as ActionParams), key).toBe(key);
    }
    expect(actionRequest('d1', 'upscale:2')).toEqual({ id: 'd1', action: 'upscale', index: 2 });
    expect(actionRequest('d1', 'pan:down')).toEqual({ id: 'd1', action: 'pan', direction: 'down' });
  });

  it("adds a dialog's factor, mask and prompt where they belong, and no empty prompt", () => {
    expect(actionRequest('d1', 'zoom:custom', { zoom: 1.25, prompt: '  远山 ' })).toEqual({
      id: 'd1',
      action: 'zoom',
      zoom: 1.25,
      prompt: '远山',
    });
    expect(actionRequest('d1', 'inpaint', { mask: 'data:image/png;base64,AA', prompt: ' ' })).toEqual({
      id: 'd1',
      action: 'inpaint',
      mask: 'data:image/png;base64,AA',
    });
    // A fixed zoom button keeps its own factor.
    expect(actionRequest('d1', 'zoom:2', { zoom: 1.1 })).toEqual({ id: 'd1', action: 'zoom', zoom: 2 });
  });

  it('accepts a custom zoom factor from 1 to 2 only', () => {
    expect(parseZoom('1.5')).toBe(1.5);
    expect(parseZoom(' 1 ')).toBe(1);
    expect(parseZoom('2')).toBe(2);
    expect(parseZoom('1.333')).toBe(1.33);
    for (const bad of ['', ' ', '0.9', '2.01', 'abc', 'Infinity']) expect(parseZoom(bad), bad).toBeNull();
  });
});

describe('mask strokes', () => {
  it("maps a pointer on the shown picture to the picture's own pixels, within it", () => {
    const box = { left: 100, top: 50, width: 200, height: 100 };
    const natural = { width: 1024, height: 512 };
    expect(toNatural(200, 100, box, natural)).toEqual([512, 256]);
    expect(toNatural(100, 50, box, natural)).toEqual([0, 0]);
    expect(toNatural(350, 10, box, natural)).toEqual([1024, 0]);
  });

  it('paints a tap as a dot and a drag as one round line of the brush width', () => {
    const calls: string[] = [];
    const ctx = new Proxy({} as Record<string, unknown>, {
      get: (target, name: string) =>
        name in target ? target[name] : (...args: unknown[]) => calls.push(`${name}(${args.join(',')})`),
      set: (target, name: string, value) => {
        target[name] = value;
        calls.push(`${name}=${value}`);
        return true;
      },
    }) as unknown as StrokeContext;
    paintStrokes(
      ctx,
      [
        { size: 10, points: [[5, 5]] },
        {
          size: 20,
          points: [
            [0, 0],
            [10, 0],
            [10, 10],
          ],
        },
        { size: 4, points: [] },
      ],
      '#fff',
    );
    expect(calls).toEqual([
      'strokeStyle=#fff',
      'fillStyle=#fff',
      'lineCap=round',
      'lineJoin=round',
      'beginPath()',
      `arc(5,5,5,0,${Math.PI * 2})`,
      'fill()',
      'beginPath()',
      'lineWidth=20',
      'moveTo(0,0)',
      'lineTo(10,0)',
      'lineTo(10,10)',
      'stroke()',
    ]);
  });

  it('paints from the keyboard: arrows move the brush on the picture, Shift paints as it moves, Space dabs', () => {
    expect(maskKey('ArrowLeft', false)).toEqual({ move: [-1, 0], paint: false });
    expect(maskKey('ArrowDown', true)).toEqual({ move: [0, 1], paint: true });
    expect(maskKey(' ', false)).toEqual({ dab: true });
    expect(maskKey('Enter', true)).toEqual({ dab: true });
    expect(maskKey('a', false)).toBeNull();
    const size = { width: 100, height: 50 };
    expect(movedCursor([50, 25], [1, 0], 16, size)).toEqual([66, 25]);
    expect(movedCursor([95, 45], [1, 0], 16, size)).toEqual([100, 45]);
    expect(movedCursor([5, 5], [0, -1], 16, size)).toEqual([5, 0]);
    const dab = paintedAt([], [10, 10], 8, false);
    expect(dab).toEqual([{ size: 8, points: [[10, 10]] }]);
    // Going on with a stroke adds to its points; a new dab is a stroke of its own.
    expect(paintedAt(dab, [20, 10], 8, true)).toEqual([
      {
        size: 8,
        points: [
          [10, 10],
          [20, 10],
        ],
      },
    ]);
    expect(paintedAt(dab, [20, 10], 12, false)).toEqual([...dab, { size: 12, points: [[20, 10]] }]);
  });
});
