/**
 * How large a request body each API route may send, in bytes. Bodies are
 * read before the route runs, so this table is the one place that decides
 * how much memory a request may hold. `member` applies when the request
 * carries a live session token, `visitor` otherwise; `max` is BODY_LIMIT.
 */
const KB = 1024;

interface RouteLimit {
  method: string;
  path: RegExp;
  member: number | 'max';
  visitor: number;
}

/** Most JSON routes need a few KB. */
export const DEFAULT_LIMIT = { member: 64 * KB, visitor: 16 * KB };

const ROUTES: RouteLimit[] = [
  // Avatar, app icon, QR and reference images (drawing, video) travel as data URLs; a conversation carries up to 80 messages.
  { method: 'POST', path: /^\/api\/user\/profile$/, member: 'max', visitor: DEFAULT_LIMIT.visitor },
  { method: 'POST', path: /^\/api\/app\/icon$/, member: 'max', visitor: DEFAULT_LIMIT.visitor },
  { method: 'POST', path: /^\/api\/sd\/submit\/imagine$/, member: 'max', visitor: DEFAULT_LIMIT.visitor },
  { method: 'POST', path: /^\/api\/video\/submit$/, member: 'max', visitor: DEFAULT_LIMIT.visitor },
  // The console's QR images (the console sends the login token with the upload).
  { method: 'POST', path: /^\/api\/admin\/settings\/image$/, member: 'max', visitor: DEFAULT_LIMIT.visitor },
  // The console's word list: up to 1000 words of 40 characters (shared/word-list.ts), sent with the login token.
  { method: 'POST', path: /^\/api\/admin\/words$/, member: 160 * KB, visitor: DEFAULT_LIMIT.visitor },
  { method: 'PUT', path: /^\/api\/chat\/conversations\/[^/]+$/, member: 'max', visitor: DEFAULT_LIMIT.visitor },
  // A share is a snapshot of a conversation (services/chat/shares.ts).
  { method: 'POST', path: /^\/api\/chat\/shares$/, member: 'max', visitor: DEFAULT_LIMIT.visitor },
  // Visitors chat too; the context the model gets is bounded (services/chat/stream.ts CONTEXT_BUDGET).
  { method: 'POST', path: /^\/api\/chat\/process$/, member: 256 * KB, visitor: 128 * KB },
  // One chat attachment (multipart), logged in only; CHAT_IMAGE/DOCUMENT_MAX_BYTES narrow it per kind.
  { method: 'POST', path: /^\/api\/chat\/attachments$/, member: 'max', visitor: 8 * KB },
  // One recording of the composer's microphone (multipart), visitors too: SPEECH_MAX_BYTES (≤ 2 MB) and the form's parts.
  { method: 'POST', path: /^\/api\/chat\/transcribe$/, member: 2048 * KB + 16 * KB, visitor: 2048 * KB + 16 * KB },
  // One knowledge-base file (multipart), logged in only; KNOWLEDGE_FILE_MAX_BYTES narrows it.
  { method: 'POST', path: /^\/api\/knowledge\/bases\/\d+\/files$/, member: 'max', visitor: 8 * KB },
  // Browser error reports: a message, a URL and a short detail.
  { method: 'POST', path: /^\/api\/client-log$/, member: 8 * KB, visitor: 8 * KB },
  // Callbacks from payment, WeChat and image services: no session, but signed or tokened payloads.
  { method: 'POST', path: /^\/api\/pay\/(wechat|alipay)\/notify$/, member: 64 * KB, visitor: 64 * KB },
  { method: 'POST', path: /^\/api\/wx\/callback$/, member: 64 * KB, visitor: 64 * KB },
  { method: 'POST', path: /^\/api\/sd\/hook\//, member: 64 * KB, visitor: 64 * KB },
];

export interface BodyLimit {
  /** Without a session token. */
  visitor: number;
  /** With a live session token (checked only when a body needs more than `visitor`). */
  member: number;
}

/** The limits of the route at `url` (query ignored), each capped by BODY_LIMIT. */
export function bodyLimitFor(method: string | undefined, url: string, bodyLimit: number): BodyLimit {
  const path = url.split('?', 1)[0] ?? url;
  const route = ROUTES.find((r) => r.method === method && r.path.test(path)) ?? DEFAULT_LIMIT;
  const member = route.member === 'max' ? bodyLimit : route.member;
  return { visitor: Math.min(route.visitor, member, bodyLimit), member: Math.min(member, bodyLimit) };
}
