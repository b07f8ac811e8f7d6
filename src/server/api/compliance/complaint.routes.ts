import { createRoute } from '@hono/zod-openapi';
import {
  complaintBody,
  complaintFiled,
  complaintLookup,
  complaintStatusView,
} from '../../../shared/contract/compliance';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';

// The complaint desk's public side (docs/compliance.md): no account needed.
const tags = ['compliance'];

export const file = createRoute({
  security: access.public,
  method: 'post',
  path: '/complaints',
  tags,
  summary: 'Files a complaint; answers its ticket number and the promised handling time, also sent by e-mail',
  request: { body: jsonBody(complaintBody) },
  responses: jsonResponses(complaintFiled, { 429: 'too many complaints from this address (HTTP 429)' }),
});

export const status = createRoute({
  security: access.public,
  method: 'post',
  path: '/complaints/status',
  tags,
  summary: "A ticket's status and replies, for its number and e-mail address together",
  request: { body: jsonBody(complaintLookup) },
  responses: jsonResponses(complaintStatusView, {
    404: 'no ticket with this number and address (the same answer for any wrong pair; HTTP 404)',
    429: 'too many lookups from this address (HTTP 429)',
  }),
});
