import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer keys the sandbox hands out (pay link, login QR, QR listen key): 256
 * random bits, base64url. Only their SHA-256 is stored, so a read of the
 * database confirms nothing.
 */
export function newKey(): string {
  return randomBytes(32).toString('base64url');
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What a key (or a sandbox identity) looks like on the wire: the contract's pattern. */
export { KEY_PATTERN } from '../shared/contract/input';
