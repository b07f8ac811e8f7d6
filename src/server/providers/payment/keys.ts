import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';

type Material = { pem: string } | { der: Buffer };

const BARE_BASE64 = /^[A-Za-z0-9+/=\s]{200,}$/;

/**
 * Keys arrive as PEM text (often with escaped newlines from a .env file), as
 * a path to a file, or as the bare base64 Alipay's key tool prints. A path
 * never reaches 200 base64-only characters, so the forms cannot be confused.
 */
function material(value: string, fromFile = false): Material {
  const text = value.replace(/\\n/g, '\n').trim();
  if (text.includes('-----BEGIN')) return { pem: text };
  if (BARE_BASE64.test(text)) return { der: Buffer.from(text.replace(/\s/g, ''), 'base64') };
  if (fromFile) throw new Error('no key in file');
  return material(readFileSync(text, 'utf8'), true);
}

// Bare base64 is PKCS#8 / SPKI from Alipay's tool for Java, PKCS#1 from the one for other languages.
function privateDer(der: Buffer): KeyObject {
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

function publicDer(der: Buffer): KeyObject {
  try {
    return createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    return createPublicKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

function rsaOnly(key: KeyObject, name: string): KeyObject {
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`${name}: not an RSA key`);
  return key;
}

/** The error names the variable, never its value: it may be the key itself. */
export function loadPrivateKey(value: string, name: string): KeyObject {
  let key: KeyObject;
  try {
    const m = material(value);
    key = 'pem' in m ? createPrivateKey(m.pem) : privateDer(m.der);
  } catch {
    throw new Error(`${name}: not a private key, nor a readable file holding one`);
  }
  return rsaOnly(key, name);
}

/** Also takes an X.509 certificate PEM, as WeChat Pay's platform certificates come. */
export function loadPublicKey(value: string, name: string): KeyObject {
  let key: KeyObject;
  try {
    const m = material(value);
    key = 'pem' in m ? createPublicKey(m.pem) : publicDer(m.der);
  } catch {
    throw new Error(`${name}: not a public key, nor a readable file holding one`);
  }
  return rsaOnly(key, name);
}

/** SHA256withRSA (PKCS#1 v1.5), base64: what both WeChat Pay v3 and Alipay RSA2 use. */
export function rsaSign(data: string, key: KeyObject): string {
  return sign('sha256', Buffer.from(data, 'utf8'), key).toString('base64');
}

export function rsaVerify(data: string, signature: string, key: KeyObject): boolean {
  try {
    return verify('sha256', Buffer.from(data, 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
