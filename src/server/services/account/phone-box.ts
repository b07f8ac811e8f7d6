import { createHmac } from 'node:crypto';
import type { Runtime } from '../../runtime';
import { createSecretBox, type SecretBox } from '../../secret-box';
import { siteSecret } from '../channels/box';

interface PhoneKeys {
  box: SecretBox;
  lookup: Buffer;
}

const keys = new WeakMap<Runtime['env'], PhoneKeys>();

/**
 * Phone numbers at rest: sealed (AES-256-GCM, the secret box) for the owner's export and the
 * profile, and a keyed hash for uniqueness and sign-in lookup. Both keys are derived from the site
 * secret (CHANNEL_KEY_SECRET or DATA_DIR/secrets) under their own labels, so neither is the channel
 * box's key, and a copy of the database alone reveals no number nor lets one be checked by hashing
 * the few hundred million candidates.
 */
function phoneKeys(rt: Pick<Runtime, 'env'>): PhoneKeys {
  const hit = keys.get(rt.env);
  if (hit) return hit;
  const secret = siteSecret(rt.env);
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest();
  const made = { box: createSecretBox(derive('miaobi phone seal v1')), lookup: derive('miaobi phone lookup v1') };
  keys.set(rt.env, made);
  return made;
}

/** The lookup hash of a normalised number (11 digits). */
export function phoneHash(rt: Pick<Runtime, 'env'>, phone: string): string {
  return createHmac('sha256', phoneKeys(rt).lookup).update(phone).digest('base64url');
}

export function sealPhone(rt: Pick<Runtime, 'env'>, phone: string): string {
  return phoneKeys(rt).box.seal(phone);
}

export function openPhone(rt: Pick<Runtime, 'env'>, sealed: string): string {
  return phoneKeys(rt).box.open(sealed);
}
