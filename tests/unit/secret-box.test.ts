import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../src/server/secret-box';

describe('secret box', () => {
  const box = createSecretBox('a test secret of at least thirty-two characters');

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = box.seal('sk-live-1234567890abcdef');
    expect(sealed).not.toContain('sk-live');
    expect(box.open(sealed)).toBe('sk-live-1234567890abcdef');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses another key and altered text', () => {
    const sealed = box.seal('secret');
    expect(() => createSecretBox('another secret, also long enough!!').open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => box.open('plain')).toThrow();
  });
});
