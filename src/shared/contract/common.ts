import { z } from '@hono/zod-openapi';
import { id } from './input';

/**
 * Reply pieces several domains share. Schemas here are the ones the routes
 * answer with and /api/openapi.json documents; the browser imports only the
 * inferred types (`import type`), so no zod reaches its bundle.
 */

/** The data of a reply that carries none. */
export const noData = z.null();

/** A reply that is a file or a stream, not the JSON reply (CSV, a picture, text/event-stream, plain text). */
export const fileBody = z.string();

/** The path parameter of a route on one row by its serial id. */
export const idParam = z.object({ id: id() });

/** List reply: one page of records with the paging that produced it (docs/api.md). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    records: z.array(item),
    current: z.number().int(),
    total: z.number().int(),
    size: z.number().int(),
  });
}

/** One page of a list reply (`records, current, total, size`). */
export type Page<T> = z.infer<ReturnType<typeof pageOf<z.ZodType<T>>>>;

/** Fields of a daily allowance that starts over at a fixed time (chat messages, drawings). */
export const dailyQuotaFields = {
  /** null: unlimited. */
  limit: z.number().int().nullable(),
  used: z.number().int(),
  remaining: z.number().int().nullable(),
  member: z.boolean(),
  /** Membership end (ISO) for members. */
  endDate: z.string().nullable(),
  /** When today's count starts over (ISO). */
  resetsAt: z.string(),
};
