import { createRoute } from '@hono/zod-openapi';
import {
  chatSearchQuery,
  chatSearchResult,
  chatShareInfo,
  chatShareList,
  shareBody,
  shareFileParam,
  shareListed,
  shareParam,
} from '../../../shared/contract/chat-share';
import { fileBody, noData } from '../../../shared/contract/common';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';

const tags = ['chat'];
const auth = { 1000001: 'not logged in' };
const mine = { ...auth, 404: 'no such live share of the caller (HTTP 404)' };

export const createShare = createRoute({
  security: access.publishing,
  method: 'post',
  path: '/chat/shares',
  tags,
  summary: 'Share a snapshot of a conversation as a read-only page /share/{id} (variants are dropped)',
  request: { body: jsonBody(shareBody) },
  responses: jsonResponses(chatShareInfo, {
    ...auth,
    400: 'nothing to share (HTTP 400)',
    403: 'too many live shares (HTTP 403)',
    413: 'a message or the conversation is too large (HTTP 413)',
    429: 'too many shares this hour (HTTP 429)',
  }),
});

export const listShares = createRoute({
  security: access.login,
  method: 'get',
  path: '/chat/shares',
  tags,
  summary: "The caller's live shares, newest first",
  responses: jsonResponses(chatShareList, auth),
});

export const updateShare = createRoute({
  security: access.login,
  method: 'patch',
  path: '/chat/shares/{id}',
  tags,
  summary: 'List a share for search engines (and the sitemap), or not',
  request: { params: shareParam, body: jsonBody(shareListed) },
  responses: jsonResponses(chatShareInfo, mine),
});

export const revokeShare = createRoute({
  security: access.login,
  method: 'delete',
  path: '/chat/shares/{id}',
  tags,
  summary: 'Revoke a share: its page answers 410 and its pictures 404 from then on',
  request: { params: shareParam },
  responses: jsonResponses(noData, mine),
});

export const shareFile = createRoute({
  security: access.public,
  method: 'get',
  path: '/chat/shares/{id}/files/{attachmentId}',
  tags,
  summary: "A picture of a live share: only attachments its snapshot names, uploaded by the share's owner",
  request: { params: shareFileParam },
  responses: {
    ...jsonResponses(noData, { 404: 'no such picture in a live share (HTTP 404)' }),
    200: { description: 'the picture', content: { 'image/*': { schema: fileBody } } },
  },
});

export const searchConversations = createRoute({
  security: access.login,
  method: 'get',
  path: '/chat/search',
  tags,
  summary: "Search the caller's synced conversations (titles and shown messages), latest change first",
  request: { query: chatSearchQuery },
  responses: jsonResponses(chatSearchResult, { ...auth, 429: 'too many searches this minute (HTTP 429)' }),
});
