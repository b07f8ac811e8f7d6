/**
 * Reply codes of the API contract (docs/api.md, docs/reply-codes.md), shared by server and browser.
 * HTTP-like codes (200, 400, 401, 404, 408, 410, 413, 429, 500, 503) travel in `code`
 * too, so a reply can always be branched on without reading the status line.
 */
export const Code = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** Taken down by moderators (docs/state-machines.md, "review"). */
  GONE: 410,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /** Business success (QR, coupon, order creation, pushes). */
  SUCCESS: 1000000,
  /** Not logged in: the screen opens the login dialog. */
  NOT_LOGGED_IN: 1000001,
  /** The console requires a bound phone before generating or publishing: the screen opens the bind dialog. */
  PHONE_REQUIRED: 1000002,
  /** Delete answered with its result text (docs/reply-codes.md). */
  DELETE_RESULT: 1000400,
  /** Notice already read: do not show it again. */
  NOTICE_READ: 1000701,
  /** An identical unpaid order exists. */
  ORDER_DUPLICATE_UNPAID: 100000304,
  /** The product cannot be bought now; result carries the reason. */
  ORDER_NOT_ALLOWED: 100000305,
  /** Push socket connected. */
  SOCKET_CONNECTED: 100000502,
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];

/** Every reply body: `{ code, result, data }` (docs/api.md). */
export interface ApiReply<T = unknown> {
  code: number;
  result: string;
  data: T;
}

/** Close codes the push socket uses (4000–4999 is the application range). */
export const SocketClose = {
  SHUTDOWN: 1001,
  BAD_REQUEST: 4400,
  FORBIDDEN: 4403,
} as const;
