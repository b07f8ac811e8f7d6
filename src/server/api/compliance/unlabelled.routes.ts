import { createRoute } from '@hono/zod-openapi';
import { fileBody } from '../../../shared/contract/common';
import {
  unlabelledBody,
  unlabelledKeyParam,
  unlabelledLink,
  unlabelledLog,
  unlabelledLogQuery,
} from '../../../shared/contract/unlabelled';
import { access } from '../access';
import { consoleRoute } from '../admin/console-kit';
import { errorResponses } from '../reply-schema';
import { jsonBody, reachCodes, targetsAccount } from '../route-kit';

// Unlabelled downloads (docs/compliance.md): the console allows one, for the owner's request.

export const allow = consoleRoute('post', '/admin/unlabelled', unlabelledLink, {
  ...targetsAccount,
  summary:
    "Allows one download of a drawing or song without its visible AI label, for its owner's request: a one-time link (asks for a fresh TOTP code)",
  request: { body: jsonBody(unlabelledBody) },
  more: {
    ...reachCodes,
    1001602: 'TOTP code needed again',
    400: 'a picture made before originals were kept (it has only its labelled file)',
    404: 'no finished drawing or song of that id',
  },
});

export const log = consoleRoute('get', '/admin/unlabelled', unlabelledLog, {
  summary: 'Allowed unlabelled downloads, newest first: who asked, who allowed, when, what, and when it was used',
  request: { query: unlabelledLogQuery },
});

export const use = createRoute({
  security: access.public,
  method: 'get',
  path: '/unlabelled/{key}',
  tags: ['compliance'],
  summary: 'The file a one-time unlabelled link allows, once; the link is spent by this download',
  request: { params: unlabelledKeyParam },
  responses: {
    200: { description: 'The file (attachment)', content: { 'application/octet-stream': { schema: fileBody } } },
    ...errorResponses,
    404: { description: 'the link was used, has expired, or names nothing', content: errorResponses[400].content },
  },
});
