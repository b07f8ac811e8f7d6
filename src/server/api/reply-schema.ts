import { z } from '@hono/zod-openapi';

/** OpenAPI shape of the `{ code, result, data }` reply (docs/api.md) around a data schema. */
export function replySchema<T extends z.ZodType>(data: T, name?: string) {
  const schema = z.object({
    code: z.number().int().openapi({ description: 'Reply code: 200, or a business code (docs/reply-codes.md)' }),
    result: z.string().openapi({ description: 'Message for people, in the request language' }),
    data,
  });
  return name ? schema.openapi(name) : schema;
}

/** The reply shape with fields beside `data`: legacy replies that also carry their data under another name. */
export function replyWith<T extends z.ZodType, E extends z.ZodRawShape>(data: T, extra: E) {
  return replySchema(data).extend(extra);
}

export const errorReply = replySchema(z.unknown().nullable()).openapi('ErrorReply');

/** Standard error responses every route may give, for the OpenAPI document. */
export const errorResponses = {
  400: {
    description: 'Invalid input: result is the first message, data.fields has each field',
    content: { 'application/json': { schema: errorReply } },
  },
  413: { description: 'Body larger than BODY_LIMIT', content: { 'application/json': { schema: errorReply } } },
} as const;
