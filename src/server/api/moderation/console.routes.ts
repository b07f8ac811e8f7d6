import { createRoute } from '@hono/zod-openapi';
import {
  revertWordsBody,
  reviewDecided,
  reviewDecision,
  reviewQueue,
  wordListSaved as saved,
  wordListHistory,
  wordsBody,
} from '../../../shared/contract/moderation';
import { access } from '../access';
import { codes, tags } from '../admin/console-kit';
import { jsonBody, jsonResponses } from '../route-kit';

// The review queue and the moderation word list (docs/console.md): operators and admins.

export const queue = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/review',
  tags,
  summary: 'Pictures, songs and apps waiting for review, oldest first, with author and moderation verdict',
  responses: jsonResponses(reviewQueue, codes),
});

export const decide = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/review/decide',
  tags,
  summary: 'Approves (published) or rejects (hidden) a pending item, with a reason',
  request: { body: jsonBody(reviewDecision) },
  responses: jsonResponses(reviewDecided, {
    ...codes,
    409: 'no longer pending: decided already or taken back (HTTP 409)',
  }),
});

export const words = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/words',
  tags,
  summary: "The console's moderation word list: the current version and the history",
  responses: jsonResponses(wordListHistory, codes),
});

export const saveWords = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/words',
  tags,
  summary: 'Saves the word list as a new version; every process applies it at once',
  request: { body: jsonBody(wordsBody) },
  responses: jsonResponses(saved, codes),
});

export const revertWords = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/words/revert',
  tags,
  summary: 'Makes an earlier version current again (as a new version naming it)',
  request: { body: jsonBody(revertWordsBody) },
  responses: jsonResponses(saved, { ...codes, 404: 'no such version (HTTP 404)' }),
});
