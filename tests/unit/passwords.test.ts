import { randomBytes, scryptSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { HASH_SLOTS, hashPassword, needsRehash, verifyPassword } from '../../src/server/services/account/passwords';

/** A hash as the server stored them before argon2id: scrypt$N$r$p$salt$hash. */
function legacyScrypt(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 16_384, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

describe('password hashes', () => {
  it('are argon2id at OWASP minimum, as PHC strings, salted', async () => {
    const a = await hashPassword('Passw0rd!');
    const b = await hashPassword('Passw0rd!');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Passw0rd!', a)).toBe(true);
    expect(await verifyPassword('Passw0rd?', a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('compare passwords in NFKC form (a full-width password is the same password)', async () => {
    expect(await verifyPassword('ｐａｓｓ１２３', await hashPassword('pass123'))).toBe(true);
  });

  it('still verify the scrypt hashes stored before, which are to be replaced', async () => {
    const old = legacyScrypt('secret123');
    expect(await verifyPassword('secret123', old)).toBe(true);
    expect(await verifyPassword('secret124', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it('replace an argon2id hash made with other parameters', async () => {
    const weaker = (await hashPassword('x')).replace('m=19456', 'm=4096');
    expect(needsRehash(weaker)).toBe(true);
  });

  it('refuse a missing or unknown hash', async () => {
    expect(await verifyPassword('secret123', null)).toBe(false);
    expect(await verifyPassword('secret123', 'md5$abc')).toBe(false);
    expect(await verifyPassword('secret123', '$argon2id$v=19$m=19456,t=2,p=1$!!$!!')).toBe(false);
    // Not one of ours: 64 GiB is never asked of the machine.
    const huge = (await hashPassword('secret123')).replace('m=19456', 'm=67108864');
    expect(await verifyPassword('secret123', huge)).toBe(false);
  });
});

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
