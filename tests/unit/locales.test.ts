import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../src/shared/i18n';

// Read from disk, not imported: a namespace added later is covered without touching this test.
const root = new URL('../../locales/', import.meta.url);

const dirs = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const files = (lang: string) =>
  readdirSync(new URL(`${lang}/`, root))
    .filter((name) => name.endsWith('.json'))
    .sort();

function read(lang: string, file: string): Record<string, unknown> {
  const value: unknown = JSON.parse(readFileSync(new URL(`${lang}/${file}`, root), 'utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${lang}/${file} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const reference = DEFAULT_LANGUAGE;
const referenceFiles = files(reference);

describe('locales', () => {
  it('has one directory per supported language', () => {
    expect(dirs).toEqual([...LANGUAGES].sort());
  });

  it('has at least one namespace', () => {
    expect(referenceFiles.length).toBeGreaterThan(0);
  });

  describe.each(dirs)('%s', (lang) => {
    it(`has the same files as ${reference}`, () => {
      expect(files(lang)).toEqual(referenceFiles);
    });

    describe.each(referenceFiles)('%s', (file) => {
      const messages = read(lang, file);
      const expected = read(reference, file);

      it(`has exactly the keys of ${reference}`, () => {
        expect(Object.keys(messages).sort()).toEqual(Object.keys(expected).sort());
      });

      it('has flat, non-empty string values', () => {
        const bad = Object.entries(messages)
          .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
          .map(([key]) => key);
        expect(bad).toEqual([]);
      });

      it(`uses the same {{placeholders}} as ${reference}`, () => {
        const mismatched = Object.keys(expected).filter((key) => {
          const mine = messages[key];
          const theirs = expected[key];
          if (typeof mine !== 'string' || typeof theirs !== 'string') return false;
          return placeholders(mine).join() !== placeholders(theirs).join();
        });
        expect(mismatched).toEqual([]);
      });
    });
  });
});
