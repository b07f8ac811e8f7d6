import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../src/server/config/env';

// The README's settings table is the operator's one list of what can be set: a variable the
// server reads but the README never names is one nobody can find.
describe('README', () => {
  it('names every environment variable the server reads', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    // NODE_ENV is the platform's own switch, set by the start scripts.
    const keys = Object.keys(envSchema.shape).filter((k) => k !== 'NODE_ENV');
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.filter((k) => !new RegExp(`\\b${k}\\b`).test(readme))).toEqual([]);
  });
});
