/** HTTP statuses a domain rule may ask for; most business outcomes travel as 200 with their business code. */
export type ReplyStatus = 200 | 400 | 401 | 403 | 404 | 408 | 409 | 410 | 413 | 415 | 429 | 500 | 503;

/**
 * A rule refused: services throw it, and the API's one error handler turns it
 * into the `{ code, result, data }` reply (docs/reply-codes.md). `messageKey`
 * is an i18n key; nothing here knows HTTP beyond the status number.
 */
export class DomainError extends Error {
  readonly code: number;
  readonly messageKey: string;
  readonly status: ReplyStatus;
  readonly params: Record<string, unknown>;
  readonly data: unknown;

  constructor(
    code: number,
    messageKey: string,
    opts: { status?: ReplyStatus; params?: Record<string, unknown>; data?: unknown } = {},
  ) {
    super(messageKey);
    this.code = code;
    this.messageKey = messageKey;
    this.status = opts.status ?? 200;
    this.params = opts.params ?? {};
    this.data = opts.data ?? null;
  }
}
