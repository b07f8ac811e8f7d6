import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals secrets the console stores (model channels' API keys) with AES-256-GCM, so a copy of
 * the database alone reveals none. Format: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 * The 32-byte key comes from the environment (CHANNEL_KEY_SECRET, hashed), see config.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the text was sealed with another key or altered. */
  open(sealed: string): string;
}

export function createSecretBox(secret: string | Buffer): SecretBox {
  const key = createHash('sha256').update(secret).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [v, iv, tag, body] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
