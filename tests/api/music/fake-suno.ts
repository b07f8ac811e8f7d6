import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** One request the fake received. */
export interface SunoCall {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
  authorization?: string;
}

/**
 * A local server speaking suno-api's wire format (gcui-art/suno-api):
 * POST /api/generate and /api/custom_generate answer two clips; GET
 * /api/get?ids= moves each clip through submitted → queued → streaming →
 * complete (or error when its prompt contains FAIL); the audio and image
 * URLs it gives are served here too.
 */
export async function startFakeSuno() {
  const calls: SunoCall[] = [];
  const clips = new Map<
    string,
    { polls: number; fail: boolean; files: string; title: string; tags: string; lyric: string }
  >();
  // An empty ID3v2.3 tag (10-byte header, size 0) before the sound, as an MP3 from the service starts.
  const audio = Buffer.concat([Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.alloc(2048, 7)]);
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
  let next = 1;
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString();
    return text ? (JSON.parse(text) as Record<string, unknown>) : null;
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = req.method === 'POST' ? await read(req) : null;
    calls.push({ method: req.method ?? '', path: url.pathname, body, authorization: req.headers.authorization });
    const json = (value: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (url.pathname === '/api/generate' || url.pathname === '/api/custom_generate') {
      const prompt = String(body?.prompt ?? '');
      const id = `clip-${next++}`;
      const custom = url.pathname === '/api/custom_generate';
      clips.set(id, {
        polls: 0,
        fail: prompt.includes('FAIL'),
        // BADAUDIO: the audio URL answers HTML labelled audio/mpeg; GONECOVER: the cover URL answers 404.
        files: prompt.includes('BADAUDIO') ? 'bad' : prompt.includes('GONECOVER') ? 'gone' : '',
        title: custom ? String(body?.title ?? '') : 'Suno Song',
        tags: custom ? String(body?.tags ?? '') : 'synthwave',
        lyric: custom ? prompt : '[Verse]\nfrom suno',
      });
      return json([
        { id, status: 'submitted', created_at: new Date().toISOString(), model_name: 'chirp-v3-5' },
        { id: `${id}-b`, status: 'submitted', created_at: new Date().toISOString(), model_name: 'chirp-v3-5' },
      ]);
    }
    if (url.pathname === '/api/get') {
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      const out = ids.flatMap((id) => {
        const clip = clips.get(id);
        if (!clip) return [];
        clip.polls++;
        const status =
          clip.fail && clip.polls > 1 ? 'error' : (['submitted', 'queued', 'streaming'][clip.polls - 1] ?? 'complete');
        return [
          {
            id,
            status,
            title: clip.title,
            tags: clip.tags,
            lyric: clip.lyric,
            audio_url:
              status === 'complete' || status === 'streaming'
                ? `${base}/${clip.files === 'bad' ? 'html' : 'audio'}/${id}.mp3`
                : '',
            image_url: `${base}/${clip.files === 'gone' ? 'gone' : 'image'}/${id}.jpeg`,
            duration: status === 'complete' ? '123.4' : null,
            error_message: status === 'error' ? 'upstream refused the prompt' : undefined,
          },
        ];
      });
      return json(out);
    }
    if (url.pathname === '/api/generate_lyrics') {
      return json({ text: `[Verse]\nlyrics about ${String(body?.prompt)}`, title: 'Suno Lyrics', status: 'complete' });
    }
    if (url.pathname.startsWith('/audio/')) return res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(audio);
    if (url.pathname.startsWith('/html/'))
      return res.writeHead(200, { 'content-type': 'audio/mpeg' }).end('<html>not found</html>');
    if (url.pathname.startsWith('/image/')) return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(image);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    audio,
    image,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
