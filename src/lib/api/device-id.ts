/**
 * A random id this browser keeps in local storage and sends as X-Device-Id,
 * so the server can limit free offers per device as well as per account and
 * address. It identifies nothing but the browser's storage; clearing it makes
 * a new one.
 */
import { DEVICE_ID_HEADER, DEVICE_ID_PATTERN } from '../../shared/device-id';

const KEY = 'miaobi:device-id';

function fresh(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The browser's device id; undefined where there is no storage (server rendering, private mode). */
export function deviceId(): string | undefined {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored && DEVICE_ID_PATTERN.test(stored)) return stored;
    const id = fresh();
    localStorage.setItem(KEY, id);
    return id;
  } catch {
    return undefined;
  }
}

export function deviceHeader(): Record<string, string> {
  const id = deviceId();
  return id ? { [DEVICE_ID_HEADER]: id } : {};
}
