import { argon2, type BinaryLike, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import pLimit from 'p-limit';

/**
 * Argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane): ~25 ms of one core on a small server,
 * less than the scrypt it replaces (N 16384, r 8, p 1: ~35 ms), which was below OWASP's minimum
 * for scrypt (N 2^17, ~340 ms). Stored as a PHC string, parameters included, so they can be
 * raised: a hash made with other parameters is replaced at the account's next right password.
 */
const ARGON2 = { memory: 19_456, passes: 2, parallelism: 1 } as const;
const TAG_BYTES = 32;
const SALT_BYTES = 16;
const PREFIX = `$argon2id$v=19$m=${ARGON2.memory},t=${ARGON2.passes},p=${ARGON2.parallelism}$`;

/**
 * Hashes running at once: one per core, and always a libuv thread left over. The hash runs on
 * libuv's threads (4 unless UV_THREADPOOL_SIZE says otherwise), which also read and write
 * files; a burst of sign-ins queued there would hold every file read behind a second of
 * hashing, and hashes beyond the cores only take turns on them. Waiting sign-ins queue here.
 */
export const HASH_SLOTS = Math.max(
  1,
  Math.min(availableParallelism(), Number(process.env.UV_THREADPOOL_SIZE || 4) - 1),
);
const slots = pLimit(HASH_SLOTS);

const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');

interface Argon2Cost {
  memory: number;
  passes: number;
  parallelism: number;
  tagLength: number;
}
/** A stored hash asking for more than this is not one of ours: refused, never computed. */
const MAX_COST: Argon2Cost = { memory: 1 << 20, passes: 16, parallelism: 16, tagLength: 64 };

const argon2Async = promisify(argon2);
const scryptAsync = promisify<BinaryLike, BinaryLike, number, ScryptOptions, Buffer>(scrypt);

// Passwords are compared in NFKC form: a full-width password is the same password.
const argon2id = (password: string, nonce: Buffer, cost: Argon2Cost) =>
  slots(() => argon2Async('argon2id', { message: password.normalize('NFKC'), nonce, ...cost }));

const scryptKey = (password: string, salt: Buffer, n: number, r: number, p: number, keylen: number) =>
  slots(() => scryptAsync(password.normalize('NFKC'), salt, keylen, { N: n, r, p, maxmem: 64 * 1024 * 1024 }));

/** `$argon2id$v=19$m=…,t=…,p=…$salt$hash` (PHC string format, unpadded base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return `${PREFIX}${b64(salt)}$${b64(await argon2id(password, salt, { ...ARGON2, tagLength: TAG_BYTES }))}`;
}

// Verified against when the account does not exist, so timing does not reveal it.
const DUMMY = `${PREFIX}${b64(Buffer.alloc(SALT_BYTES))}$${b64(Buffer.alloc(TAG_BYTES))}`;

/** The key a stored hash was made with, derived again from `password`; null for an unknown format. */
async function derive(password: string, stored: string): Promise<{ key: Buffer; expected: Buffer } | null> {
  const argon = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (argon) {
    const [, m, t, p, salt, hash] = argon as unknown as [string, string, string, string, string, string];
    const expected = Buffer.from(hash, 'base64');
    const cost = { memory: Number(m), passes: Number(t), parallelism: Number(p), tagLength: expected.length };
    if (Object.entries(cost).some(([k, v]) => v > MAX_COST[k as keyof Argon2Cost])) return null;
    return { key: await argon2id(password, Buffer.from(salt, 'base64'), cost), expected };
  }
  // Hashes made before argon2id: scrypt$N$r$p$salt$hash.
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return null;
  const expected = Buffer.from(hash, 'base64url');
  return {
    key: await scryptKey(password, Buffer.from(salt, 'base64url'), +(n ?? 0), +(r ?? 0), +(p ?? 0), expected.length),
    expected,
  };
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const got = await derive(password, stored ?? DUMMY);
  if (!got || stored === null || stored === undefined) return false;
  return got.key.length === got.expected.length && timingSafeEqual(got.key, got.expected);
}

/** A stored hash made by another algorithm or with other parameters: replace it at the next right password. */
export const needsRehash = (stored: string) => !stored.startsWith(PREFIX) || stored.length !== DUMMY.length;
