import { createRoute } from '@hono/zod-openapi';
import { attachmentParam, chatAttachment } from '../../../shared/contract/chat';
import { fileBody, noData } from '../../../shared/contract/common';
import { access } from '../access';
import { replySchema } from '../reply-schema';
import { jsonResponses } from '../route-kit';

const tags = ['chat'];

export const uploadAttachment = createRoute({
  security: access.loginOr401,
  method: 'post',
  path: '/chat/attachments',
  tags,
  summary: 'Attach a picture or document to a coming question (logged in)',
  description:
    'multipart/form-data with one `file`: a JPEG, PNG, WebP or GIF picture (checked by its bytes, ' +
    'CHAT_IMAGE_MAX_BYTES) or a PDF, DOCX, TXT, Markdown or CSV document (CHAT_DOCUMENT_MAX_BYTES), ' +
    "whose text is extracted now. The file is private to its owner. Visitors get 401 'log in to attach'; " +
    'an unsupported, malformed, empty or password-protected file 400 and nothing is stored.',
  responses: jsonResponses(chatAttachment, {
    400: 'unsupported, malformed, encrypted or empty file (HTTP 400)',
    413: 'file larger than its kind allows (HTTP 413)',
    429: 'too many files this minute or today (HTTP 429)',
  }),
});

export const readAttachment = createRoute({
  security: access.optionalLogin,
  method: 'get',
  path: '/chat/attachments/{id}',
  tags,
  summary: "The file of one of the caller's attachments (thumbnails); 404 for anyone else",
  request: { params: attachmentParam },
  responses: {
    200: { description: 'the stored file', content: { 'application/octet-stream': { schema: fileBody } } },
    404: {
      description: "no such file of the caller's",
      content: { 'application/json': { schema: replySchema(noData) } },
    },
  },
});
