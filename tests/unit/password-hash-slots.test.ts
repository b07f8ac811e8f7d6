import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { HASH_SLOTS, hashPassword, verifyPassword } from '../../src/server/services/account/passwords';

describe('password hashes share libuv threads with files', () => {
  it('a file read is not queued behind a burst of sign-ins', async () => {
    const stored = await hashPassword('Passw0rd!');
    let hashed = 0;
    // More than libuv has threads: without the slots every one is queued on them before the read.
    const burst = Array.from({ length: 12 }, () => verifyPassword('Passw0rd!', stored).then(() => hashed++));
    await readFile(import.meta.filename);
    // The read takes a thread left free; a hash takes ~40 ms of a core.
    expect(hashed).toBeLessThan(4);
    await Promise.all(burst);
    expect(hashed).toBe(12);
  });

  it('every core hashes, and one thread is always left', () => {
    expect(HASH_SLOTS).toBeGreaterThanOrEqual(1);
    expect(HASH_SLOTS).toBeLessThan(Number(process.env.UV_THREADPOOL_SIZE || 4));
  });
});
