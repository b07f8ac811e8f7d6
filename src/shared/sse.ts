import { EventSourceParserStream } from 'eventsource-parser/stream';

export interface SseEvent {
  event: string;
  data: string;
}

/**
 * The events of a text/event-stream body, parsed to the SSE spec by eventsource-parser: LF, CR
 * or CRLF line ends, several data lines joined with "\n", comments skipped, the type "message"
 * unless the event names one. An event the stream ends in the middle of is dropped, as
 * EventSource does. Read by the browser (the chat answer) and the server (upstream models).
 * Stopping early cancels the body, so the connection is let go.
 */
export async function* sseEvents(body: ReadableStream<Uint8Array<ArrayBuffer>>): AsyncGenerator<SseEvent> {
  const reader = body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield { event: value.event ?? 'message', data: value.data };
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
