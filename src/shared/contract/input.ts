import { z } from '@hono/zod-openapi';
import { safeCharacters } from '../safe-text';

// Input strings and numbers of the request schemas in the contract (and of
// the replies a route also takes back, as a conversation). The server's
// routes take them through src/server/api/validation.ts, so all check alike.

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

/** A token of a fixed alphabet (ids, codes): the pattern says what is allowed, max bounds it. */
export function pattern(re: RegExp, max: number, opts: { trim?: boolean; message?: string } = {}) {
  const base = opts.trim ? safeString().trim() : safeString();
  return base.max(max).regex(re, opts.message);
}

/**
 * The same for query and path parameters (and legacy bodies that send numbers as strings). null is refused
 * before coercion (Number(null) is 0): else the schema would accept null, and the OpenAPI document would call a
 * path parameter optional.
 */
export function intParam(min = INT32_MIN, max = INT32_MAX) {
  return z.preprocess((v) => (v === null ? undefined : v), z.coerce.number().int().min(min).max(max));
}

/** A serial primary key (products, apps, notices, coupons). */
export function id() {
  return intParam(1, INT32_MAX);
}

/** A bigint column holding epoch milliseconds or a client-made id: a safe JavaScript integer, not negative. */
export function bigintParam() {
  return intParam(0, Number.MAX_SAFE_INTEGER);
}

/** 128 to 512 bits of base64url: a one-time key (pay link, login QR, QR listen key) or a sandbox identity on the wire. */
export const KEY_PATTERN = /^[A-Za-z0-9_-]{22,86}$/;
/** A one-time key or a sandbox identity, as src/server/one-time-key.ts makes them. */
export const keySchema = pattern(KEY_PATTERN, 86);

/** A number that never reaches an integer column (a model's temperature). */
export function fraction(min: number, max: number) {
  return z.number().min(min).max(max);
}

/** List body: the page fields, with each list's own page size limit and default (docs/api.md). */
export function paging(maxSize: number, defaultSize: number) {
  return z.object({
    pageNum: intParam(1, 100_000).default(1),
    pageSize: intParam(1, maxSize).default(defaultSize),
  });
}
