import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  $aspectRatio,
  $drawSettings,
  $publicFlag,
  $quality,
  $steps,
  applySettings,
  normalizeSteps,
  setAspectRatio,
  setSteps,
} from '../../src/stores/draw-settings';

// Empty storage first: files share a worker's modules, and another file's stores may have written.
beforeEach(() => {
  useTestStorageEngine();
  cleanTestStorage();
});
afterEach(() => {
  cleanTestStorage();
  cleanStores($aspectRatio, $quality, $steps, $publicFlag, $drawSettings);
});

describe('steps rule (docs/validation-and-limits.md)', () => {
  it('empty, null or nonsense become 20; above 40 becomes 20 with the warning; 1–40 stay', () => {
    expect(normalizeSteps('')).toEqual({ steps: 20, tooMany: false });
    expect(normalizeSteps(null)).toEqual({ steps: 20, tooMany: false });
    expect(normalizeSteps(undefined)).toEqual({ steps: 20, tooMany: false });
    expect(normalizeSteps('abc')).toEqual({ steps: 20, tooMany: false });
    expect(normalizeSteps(0)).toEqual({ steps: 20, tooMany: false });
    expect(normalizeSteps(41)).toEqual({ steps: 20, tooMany: true });
    expect(normalizeSteps('100')).toEqual({ steps: 20, tooMany: true });
    expect(normalizeSteps(40)).toEqual({ steps: 40, tooMany: false });
    expect(normalizeSteps('1')).toEqual({ steps: 1, tooMany: false });
    expect(normalizeSteps(25.4)).toEqual({ steps: 25, tooMany: false });
  });

  it('setSteps stores the corrected value and reports the warning', () => {
    expect(setSteps('33')).toBe(false);
    expect($steps.get()).toBe(33);
    expect(setSteps('41')).toBe(true);
    expect($steps.get()).toBe(20);
    expect(getTestStorage().drawSteps).toBe('20');
  });
});

describe('draw settings persistence (docs/routes-and-screens.md)', () => {
  it('defaults: 1:1, normal quality (1), 20 steps, public', () => {
    expect($drawSettings.get()).toEqual({
      selectedAspectRatio: '1:1',
      drawSelectedOption: 1,
      drawSteps: 20,
      drawPublicFlag: 1,
    });
  });

  it('saves the aspect ratio under its local-storage key and restores it; junk falls back to 1:1', () => {
    setAspectRatio('16:9');
    expect(getTestStorage().selectedAspectRatio).toBe('16:9');
    cleanStores($aspectRatio);
    setTestStorageKey('selectedAspectRatio', '9:16');
    expect($aspectRatio.get()).toBe('9:16');
    setAspectRatio('2:1');
    expect($aspectRatio.get()).toBe('9:16');
    cleanStores($aspectRatio);
    setTestStorageKey('selectedAspectRatio', 'wide');
    expect($aspectRatio.get()).toBe('1:1');
  });

  it('restores quality and public flag from storage, and applies a picture’s settings', () => {
    setTestStorageKey('drawSelectedOption', '3');
    setTestStorageKey('drawPublicFlag', '2');
    setTestStorageKey('drawSteps', '99');
    expect($quality.get()).toBe(3);
    expect($publicFlag.get()).toBe(2);
    expect($steps.get()).toBe(20);
    applySettings({ drawRate: '3:4', drawQuality: 2, drawSteps: 30 });
    expect($drawSettings.get()).toMatchObject({ selectedAspectRatio: '3:4', drawSelectedOption: 2, drawSteps: 30 });
  });
});
