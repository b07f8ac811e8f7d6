import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Runtime } from '../../runtime';
import { createSecretBox, type SecretBox } from '../../secret-box';

const boxes = new WeakMap<Runtime['env'], SecretBox>();

/**
 * The box that seals channel keys: CHANNEL_KEY_SECRET, or on a single machine without it a
 * random key kept in DATA_DIR/secrets (created once, owner-only), so a laptop needs no setup.
 * Several machines must share CHANNEL_KEY_SECRET (deploy/README.md).
 */
export function channelBox(rt: Pick<Runtime, 'env'>): SecretBox {
  const hit = boxes.get(rt.env);
  if (hit) return hit;
  const box = createSecretBox(siteSecret(rt.env));
  boxes.set(rt.env, box);
  return box;
}

/** The secret every sealed value derives its key from (channel keys here, phone numbers in account/phone-box.ts). */
export function siteSecret(env: Runtime['env']): string | Buffer {
  return env.CHANNEL_KEY_SECRET ?? localSecret(env.DATA_DIR);
}

function localSecret(dataDir: string): Buffer {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, 'channel-key');
  try {
    return readFileSync(file);
  } catch {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      // wx: two processes starting together keep whichever key was written first.
      writeFileSync(file, randomBytes(32), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    return readFileSync(file);
  }
}
