import { Code } from '../../../shared/codes';
import { DomainError } from '../../errors';
import { readAloud } from '../../services/chat/read-aloud';
import { transcribe } from '../../services/chat/transcribe';
import { viewerOf } from '../access';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './transcribe.routes';

const noFile = () => new DomainError(Code.BAD_REQUEST, 'chat:voice.noFile', { status: 400 });

export function registerTranscribe(app: ApiApp) {
  app.openapi(r.transcribeAudio, async (c) => {
    const rt = c.get('runtime');
    // The route validated the multipart body; any other body leaves no file.
    const file = (c.req.valid('form') as { file?: File } | undefined)?.file;
    if (!file) throw noFile();
    const bytes = Buffer.from(await file.arrayBuffer());
    const caller = { userId: viewerOf(c), ip: c.get('ip') };
    return reply(c, await transcribe(rt, caller, bytes, c.get('lang'), c.req.raw.signal));
  });

  app.openapi(r.readAloud, async (c) => {
    const caller = { userId: viewerOf(c), ip: c.get('ip') };
    const audio = await readAloud(c.get('runtime'), caller, c.req.valid('json'), c.req.raw.signal);
    const headers = {
      'content-type': 'audio/mpeg',
      'content-length': String(audio.length),
      'cache-control': 'no-store',
    };
    return new Response(new Uint8Array(audio), { status: 200, headers }) as never;
  });
}
