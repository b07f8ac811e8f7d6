import { z } from '@hono/zod-openapi';
import { AdminCode } from '../../shared/admin';
import { errorResponses, replySchema } from './reply-schema';

export { paging } from '../../shared/contract/input';

/** The request body part of a route config. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { content: { 'application/json': { schema } }, required: true } as const;
}

/**
 * Responses of a route in the house shape: a `{code, result, data}` reply
 * whose business codes (HTTP 200 unless noted) are listed for API users.
 */
export function jsonResponses<T extends z.ZodType>(data: T, codes: Record<number, string> = {}) {
  const list = Object.entries({ 200: 'success', ...codes })
    .map(([code, what]) => `${code}: ${what}`)
    .join('; ');
  return {
    200: { description: `Reply codes — ${list}`, content: { 'application/json': { schema: replySchema(data) } } },
    401: {
      description: 'Bearer token expired or revoked (code 401)',
      content: { 'application/json': { schema: replySchema(z.null()) } },
    },
    429: {
      description: 'Rate limited (code 429)',
      content: { 'application/json': { schema: replySchema(z.unknown()) } },
    },
    ...errorResponses,
  } as const;
}

/**
 * Marks a console route that acts on an account (docs/console.md, "The
 * hierarchy"): its action passes the hierarchy's guard, which may answer 403
 * with code 1001603 (`reachCodes`). The OpenAPI document carries the mark;
 * tests/api/admin/console-hierarchy.test.ts walks every marked route.
 */
export const targetsAccount = { 'x-targets-account': true } as const;
export const reachCodes = {
  [AdminCode.OUT_OF_REACH]: "the account is out of the caller's reach (its own; a console account for an operator)",
};
