import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

const N = 16_384;
const R = 8;
const P = 1;
const KEYLEN = 32;

/**
 * Hashes running at once: one per core, and always a libuv thread left over. scrypt runs on
 * libuv's threads (4 unless UV_THREADPOOL_SIZE says otherwise), which also read and write
 * files; a burst of sign-ins queued there would hold every file read behind a second of
 * hashing, and hashes beyond the cores only take turns on them. Waiting sign-ins queue here.
 */
export const HASH_SLOTS = Math.max(
  1,
  Math.min(availableParallelism(), Number(process.env.UV_THREADPOOL_SIZE || 4) - 1),
);
const slots = pLimit(HASH_SLOTS);

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return slots(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

/** scrypt$N$r$p$salt$hash, parameters stored so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

// Verified against when the account does not exist, so timing does not reveal it.
const DUMMY = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = (stored ?? DUMMY).split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return stored !== null && stored !== undefined && key.length === expected.length && timingSafeEqual(key, expected);
}
