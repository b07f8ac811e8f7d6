import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local server speaking OpenAI's embeddings format (`POST /v1/embeddings`). Its vectors are
// meaningful, not random: each text's characters and character pairs are hashed into DIMS
// buckets (a bag of character n-grams), so texts that share words point the same way.

export const DIMS = 256;

export interface FakeEmbeddings {
  /** Base URL to put in EMBEDDINGS_BASE_URL (…/v1). */
  url: string;
  requests: Array<{ model: string; input: string[] }>;
  /** Answer 500 while set. */
  failing: boolean;
  close(): Promise<void>;
}

const bucket = (s: string) => createHash('sha1').update(s).digest().readUInt32BE(0) % DIMS;

export function fakeVector(text: string): number[] {
  const v = new Array<number>(DIMS).fill(0);
  const chars = Array.from(text.replace(/[\s\p{P}]+/gu, ''));
  chars.forEach((c, i) => {
    v[bucket(c)] = (v[bucket(c)] ?? 0) + 1;
    const next = chars[i + 1];
    if (next) v[bucket(c + next)] = (v[bucket(c + next)] ?? 0) + 2;
  });
  return v;
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (d) => {
      data += d;
    });
    req.on('end', () => resolve(data));
  });
}

export async function startFakeEmbeddings(): Promise<FakeEmbeddings> {
  const fake: FakeEmbeddings = { url: '', requests: [], failing: false, close: async () => {} };
  const server: Server = createServer(async (req, res) => {
    const parsed = JSON.parse((await body(req)) || '{}') as { model?: string; input?: string | string[] };
    if (req.method !== 'POST' || req.url !== '/v1/embeddings' || fake.failing) {
      res.writeHead(fake.failing ? 500 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake failure' } }));
      return;
    }
    const input = Array.isArray(parsed.input) ? parsed.input : [parsed.input ?? ''];
    fake.requests.push({ model: parsed.model ?? '', input });
    const tokens = input.reduce((n, t) => n + Array.from(t).length, 0);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        object: 'list',
        model: parsed.model,
        data: input.map((t, index) => ({ object: 'embedding', index, embedding: fakeVector(t) })),
        usage: { prompt_tokens: tokens, total_tokens: tokens },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
