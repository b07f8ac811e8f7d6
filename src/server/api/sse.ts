import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Logger } from '../log';

/** An event a service yields: its SSE name and its data, sent as one line of JSON. */
export interface ServerEvent {
  event: string;
  data: unknown;
}

/**
 * Sends a service's events as Server-Sent Events (`event: <name>` and `data: <json>`), calling
 * `gone` when the client goes away. The events are read to their end even then, so the service
 * finishes its own bookkeeping (the ledger, a refund); it yields nothing more once it knows.
 */
export function sseReply(c: Context, events: AsyncIterable<ServerEvent>, gone: () => void, log: Logger): Response {
  const res = streamSSE(c, async (stream) => {
    stream.onAbort(gone);
    try {
      for await (const e of events) await stream.writeSSE({ event: e.event, data: JSON.stringify(e.data) });
    } catch (err) {
      // A service that failed past its first event: the browser sees the stream end.
      log.warn('event stream failed', { err: err instanceof Error ? err.message : String(err) });
    }
  });
  res.headers.set('content-type', 'text/event-stream; charset=utf-8');
  // no-transform keeps the compression middleware from buffering the stream; nginx's buffering is off too.
  res.headers.set('cache-control', 'no-cache, no-transform');
  res.headers.set('x-accel-buffering', 'no');
  // Node decides keep-alive itself (closing when the server drains).
  res.headers.delete('connection');
  return res;
}
