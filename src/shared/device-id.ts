/**
 * The browser's device id (src/lib/api/device-id.ts) travels in this header so
 * the server can limit free offers per browser (docs/api.md). Both sides
 * accept only this shape: the server treats anything else as no id.
 */
export const DEVICE_ID_HEADER = 'X-Device-Id';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
