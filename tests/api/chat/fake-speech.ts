import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What one POST /audio/transcriptions carried, parsed from its multipart body. */
export interface HeardRequest {
  authorization: string | undefined;
  model: string | null;
  language: string | null;
  responseFormat: string | null;
  fileName: string | null;
  fileType: string | null;
  fileBytes: number;
}

export interface FakeSpeech {
  url: string;
  heard: HeardRequest[];
  /** The JSON bodies of POST /audio/speech, with their authorization. */
  spoken: Array<{ authorization: string | undefined; body: Record<string, unknown> }>;
  /** The authorization of each GET /models (the console's test button). */
  listed: Array<string | undefined>;
  /** The text the next transcriptions answer; `status` other than 200 answers an error. */
  reply: { text: string; status: number };
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of req) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** What the fake's speech begins with (an ID3 tag), followed by the words it was given. */
export const FAKE_MP3 = Buffer.from('ID3\u0004\u0000fake-mp3:', 'latin1');

/** A local server speaking OpenAI's speech format (and its model list), on 127.0.0.1 and a free port. */
export async function startFakeSpeech(): Promise<FakeSpeech> {
  const heard: HeardRequest[] = [];
  const spoken: FakeSpeech['spoken'] = [];
  const listed: FakeSpeech['listed'] = [];
  const state: FakeSpeech['reply'] = { text: '你好，世界', status: 200 };
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method === 'GET' && req.url === '/v1/models') {
      listed.push(req.headers.authorization);
      const data = [
        { id: 'whisper-1', object: 'model' },
        { id: 'tts-1', object: 'model' },
      ];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data }));
      return;
    }
    if (req.method === 'POST' && req.url === '/v1/audio/speech') {
      const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      spoken.push({ authorization: req.headers.authorization, body: parsed });
      if (state.status !== 200 || typeof parsed.input !== 'string' || typeof parsed.voice !== 'string') {
        res.writeHead(state.status === 200 ? 400 : state.status, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(Buffer.concat([FAKE_MP3, Buffer.from(parsed.input)]));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
      res.writeHead(404).end();
      return;
    }
    // The multipart body is parsed as a standard form: a malformed one fails here, as it would upstream.
    let form: FormData;
    try {
      form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: new Uint8Array(body),
      }).formData();
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"bad multipart"}}');
      return;
    }
    const file = form.get('file');
    const str = (k: string) => {
      const v = form.get(k);
      return typeof v === 'string' ? v : null;
    };
    heard.push({
      authorization: req.headers.authorization,
      model: str('model'),
      language: str('language'),
      responseFormat: str('response_format'),
      fileName: file && typeof file !== 'string' ? file.name : null,
      fileType: file && typeof file !== 'string' ? file.type : null,
      fileBytes: file && typeof file !== 'string' ? file.size : 0,
    });
    if (!file || typeof file === 'string' || !str('model')) {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"file and model required"}}');
      return;
    }
    res
      .writeHead(state.status, { 'content-type': 'application/json' })
      .end(JSON.stringify(state.status === 200 ? { text: state.text } : { error: { message: 'upstream down' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    heard,
    spoken,
    listed,
    reply: state,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A few bytes that begin like a WebM (EBML) recording: the site checks the magic, the fake does not decode. */
export const webmBytes = (size = 2048) => {
  const b = Buffer.alloc(size, 0x42);
  b.set([0x1a, 0x45, 0xdf, 0xa3], 0);
  return b;
};
