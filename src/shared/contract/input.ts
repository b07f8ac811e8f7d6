import { z } from '@hono/zod-openapi';
import { safeCharacters } from '../safe-text';

// Input strings and numbers of the schemas a route both takes and answers
// with (a conversation, a client log). The server's other input fields build
// on these through src/server/api/validation.ts, so both check alike.

/** The base of every input string; the caller adds a length limit (tests/unit/api-input-schemas.test.ts). */
export function safeString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(safeCharacters);
}

/** A trimmed text input with a length limit. */
export function text(max: number, min = 0) {
  return safeString().trim().min(min).max(max);
}

/** An input taken as typed (passwords, base64 data): not trimmed, still bounded and checked. */
export function rawText(max: number, min = 0) {
  return safeString().min(min).max(max);
}

export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** A JSON integer bounded to its column: PostgreSQL integer (int4) unless a bigint column says otherwise. */
export function int(min = INT32_MIN, max = INT32_MAX) {
  return z.number().int().min(min).max(max);
}
