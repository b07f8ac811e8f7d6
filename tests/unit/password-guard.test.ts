import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// A route that checked a password on its own would skip the limits and the lock.
const server = new URL('../../src/server/', import.meta.url);
const sources = (readdirSync(server, { recursive: true }) as string[]).filter((f) => /\.(ts|mts)$/.test(f));

describe('password checks', () => {
  it('only the password guard verifies a password hash', () => {
    const callers = sources.filter((file) => /\bverifyPassword\s*\(/.test(readFileSync(new URL(file, server), 'utf8')));
    expect(callers.sort()).toEqual(['services/account/password-guard.ts', 'services/account/passwords.ts']);
  });
});
