import { Readable } from 'node:stream';
import { Code } from '../../../shared/codes';
import { DomainError } from '../../errors';
import { addAttachment, readAttachment } from '../../services/chat/attachments';
import { userIdOf, viewerOf } from '../access';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './attachments.routes';

const noFile = () => new DomainError(Code.BAD_REQUEST, 'chat:attach.noFile', { status: 400 });

export function registerAttachments(app: ApiApp) {
  app.openapi(r.uploadAttachment, async (c) => {
    const rt = c.get('runtime');
    const userId = userIdOf(c);
    const form = await c.req.raw.formData().catch(() => {
      throw noFile();
    });
    const file = form.get('file');
    if (!file || typeof file === 'string') throw noFile();
    const bytes = Buffer.from(await file.arrayBuffer());
    return reply(c, await addAttachment(rt, userId, { name: file.name, bytes }));
  });

  app.openapi(r.readAttachment, async (c) => {
    const rt = c.get('runtime');
    const userId = viewerOf(c);
    const { row, body } = await readAttachment(rt, userId, c.req.valid('param').id);
    const headers = {
      'content-type': row.mime,
      'content-length': String(row.size),
      'cache-control': 'private, max-age=86400',
      'x-content-type-options': 'nosniff',
      'content-disposition': row.kind === 'image' ? 'inline' : 'attachment',
    };
    return new Response(Readable.toWeb(body) as ReadableStream, { status: 200, headers }) as never;
  });
}
