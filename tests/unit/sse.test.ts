import { describe, expect, it } from 'vitest';
import { sseEvents } from '../../src/shared/sse';

/** A body that arrives in the given pieces (split anywhere, even inside a character). */
function body(pieces: Array<string | Uint8Array<ArrayBuffer>>): ReadableStream<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const p of pieces) c.enqueue(typeof p === 'string' ? encoder.encode(p) : p);
      c.close();
    },
  });
}

async function all(stream: ReadableStream<Uint8Array<ArrayBuffer>>) {
  const out = [];
  for await (const e of sseEvents(stream)) out.push(e);
  return out;
}

describe('SSE events', () => {
  it('reads named and unnamed events across CRLF, CR and LF lines, skipping comments', async () => {
    const events = await all(
      body([
        ': keep-alive\n\n',
        'event: delta\r\ndata: {"text":"a"}\r\n\r\n',
        'data: one\rdata: two\r\r',
        'data:x\n\n',
      ]),
    );
    expect(events).toEqual([
      { event: 'delta', data: '{"text":"a"}' },
      { event: 'message', data: 'one\ntwo' },
      { event: 'message', data: 'x' },
    ]);
  });

  it('puts together an event and a character split between chunks, and drops an unfinished last event', async () => {
    const bytes = new TextEncoder().encode('data: 妙笔\n\n');
    const events = await all(body(['da', bytes.slice(2, 8), bytes.slice(8), 'data: cut off\n']));
    expect(events).toEqual([{ event: 'message', data: '妙笔' }]);
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(c) {
        c.enqueue(new TextEncoder().encode('data: 1\n\ndata: 2\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const e of sseEvents(stream)) {
      expect(e.data).toBe('1');
      break;
    }
    expect(cancelled).toBe(true);
  });
});
