import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOpenAi {
  url: string;
  /** Bodies of every chat completion request, in order. */
  requests: Array<{ model: string; messages: Array<{ role: string; content: string }>; stream: boolean }>;
  authHeaders: string[];
  /** Resolves when the request for `model` was closed before it finished. */
  closedEarly(model: string): Promise<void>;
  close(): Promise<void>;
}

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => resolve(body));
  });
}

/** One step of a scripted answer: a chunk's choice (delta, finish_reason), or a pause. */
export type FakeStep = { delta?: Record<string, string>; finish_reason?: string } | { wait: number };

/**
 * Options of the fake: `usage` makes it report these counts in a last chunk when the request asks;
 * `scripts` answers the named models with these steps (stopping when the client goes away).
 */
export interface FakeOptions {
  usage?: { prompt_tokens: number; completion_tokens: number };
  scripts?: Record<string, FakeStep[]>;
}

const usageChunk = (usage: NonNullable<FakeOptions['usage']>) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [], usage })}\n\n`;

/**
 * A local server speaking OpenAI's chat completions streaming format. The
 * requested model picks the behaviour: ok, slow, auth, rate, context, hang,
 * midstream-error, badmodel. Usage is omitted unless `opts.usage` is given.
 */
export async function startFakeOpenAi(opts: FakeOptions = {}): Promise<FakeOpenAi> {
  const requests: FakeOpenAi['requests'] = [];
  const authHeaders: string[] = [];
  const early = new Map<string, () => void>();
  const earlyPromises = new Map<string, Promise<void>>();
  const waitEarly = (model: string) => {
    let p = earlyPromises.get(model);
    if (!p) {
      p = new Promise<void>((resolve) => early.set(model, resolve));
      earlyPromises.set(model, p);
    }
    return p;
  };

  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await readBody(req));
    requests.push(body);
    authHeaders.push(req.headers.authorization ?? '');
    const model: string = body.model;
    const error = (status: number, code: string, message: string) =>
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message, type: 'invalid_request_error', code } }));
    if (model === 'auth') return error(401, 'invalid_api_key', 'Incorrect API key provided');
    if (model === 'rate') return error(429, 'rate_limit_exceeded', 'Rate limit reached');
    if (model === 'context')
      return error(400, 'context_length_exceeded', "This model's maximum context length is 8192");
    if (model === 'badmodel') return error(404, 'model_not_found', 'The model does not exist');
    if (model === 'hang') return; // never answers
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    let finished = false;
    res.on('close', () => {
      if (!finished) {
        waitEarly(model);
        early.get(model)?.();
      }
    });
    const script = opts.scripts?.[model];
    if (script) {
      for (const step of script) {
        if (res.destroyed) return;
        if ('wait' in step) await sleep(step.wait);
        else res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [step] })}\n\n`);
      }
      if (opts.usage && body.stream_options?.include_usage) res.write(usageChunk(opts.usage));
      finished = true;
      return res.end('data: [DONE]\n\n');
    }
    if (model === 'midstream-error') {
      res.write(chunk('partial'));
      res.write(`data: ${JSON.stringify({ error: { message: 'server overloaded', code: 'server_error' } })}\n\n`);
      finished = true;
      return res.end();
    }
    if (model === 'slow') {
      for (let i = 0; i < 100 && !res.destroyed; i++) {
        res.write(chunk(`s${i} `));
        await sleep(50);
      }
      finished = true;
      return res.end('data: [DONE]\n\n');
    }
    // Pieces split across writes, one JSON line cut in two, as real servers do.
    const line = chunk(' world');
    res.write(`: keep-alive\n\n${chunk('Hel')}`);
    res.write(chunk('lo'));
    res.write(line.slice(0, 20));
    await sleep(5);
    res.write(line.slice(20));
    if (opts.usage && body.stream_options?.include_usage) res.write(usageChunk(opts.usage));
    finished = true;
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    authHeaders,
    closedEarly: waitEarly,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Reads an SSE response into its events, with the time each arrived. */
export async function readEvents(res: Response, onEvent?: (event: SseEvent) => boolean | undefined) {
  const events: SseEvent[] = [];
  const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) return events;
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    let at = buffer.indexOf('\n\n');
    while (at >= 0) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      at = buffer.indexOf('\n\n');
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null');
      const e = { event, data, at: Date.now() };
      events.push(e);
      if (onEvent?.(e) === false) {
        await reader.cancel();
        return events;
      }
    }
  }
  return events;
}

export interface SseEvent {
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: event payloads are checked field by field in tests
  data: any;
  at: number;
}
