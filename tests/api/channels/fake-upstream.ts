import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a fake chat upstream answers: a short answer, an HTTP error, or never. */
export type UpstreamMode = 'ok' | 429 | 500 | 401 | 'hang';

export interface FakeUpstream {
  url: string;
  /** Authorization header of each chat request, in order. */
  auths: string[];
  mode: UpstreamMode;
  /** Overrides `mode` for requests made with one key (the bearer token). */
  byKey: Map<string, UpstreamMode>;
  close(): Promise<void>;
}

const chunk = (content: string) =>
  `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;

async function drain(req: IncomingMessage) {
  for await (const _ of req) {
    // the body is not needed
  }
}

/**
 * An OpenAI-compatible chat upstream whose behaviour the test switches at will (`mode`);
 * its answer names it ("from <label>"), so a test sees which upstream answered.
 */
export async function startUpstream(label: string, mode: UpstreamMode = 'ok'): Promise<FakeUpstream> {
  const state: FakeUpstream = { url: '', auths: [], mode, byKey: new Map(), close: async () => {} };
  const server = createServer(async (req, res) => {
    await drain(req);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
    const auth = req.headers.authorization ?? '';
    state.auths.push(auth);
    const m = state.byKey.get(auth.replace(/^Bearer /, '')) ?? state.mode;
    if (m === 'hang') return; // never answers: the connect time-out must move on
    if (typeof m === 'number') {
      const code = m === 429 ? 'rate_limit_exceeded' : m === 401 ? 'invalid_api_key' : 'server_error';
      return void res
        .writeHead(m, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `failing with ${m} key sk-secretvalue123456`, code } }));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(chunk('from '));
    res.write(chunk(label));
    res.write(
      `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 7, completion_tokens: 3 } })}\n\ndata: [DONE]\n\n`,
    );
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
