import { createRoute, z } from '@hono/zod-openapi';
import {
  REVIEW_KINDS,
  reviewDecided,
  reviewQueue,
  wordListHistory,
  wordListVersion,
} from '../../../shared/contract/moderation';
import { WORD_LISTS, WORD_MAX, WORDS_MAX } from '../../../shared/word-list';
import { access } from '../access';
import { codes, reason, requestId, tags } from '../admin/console-kit';
import { jsonBody, jsonResponses } from '../route-kit';
import { id, pattern, safeString } from '../validation';

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
  request: {
    body: jsonBody(
      z.object({
        kind: z.enum(REVIEW_KINDS),
        id: pattern(/^[A-Za-z0-9_-]{1,64}$/, 64),
        action: z.enum(['approve', 'reject']),
        reason,
        requestId,
      }),
    ),
  },
  responses: jsonResponses(reviewDecided, {
    ...codes,
    409: 'no longer pending: decided already or taken back (HTTP 409)',
  }),
});

/** One word: one line, no longer than WORD_MAX. */
const badWord = 'admin:words.badWord';
const word = safeString()
  .trim()
  .min(1, badWord)
  .max(WORD_MAX, badWord)
  .regex(/^[^\r\n]+$/, badWord);
const wordList = z.array(word).max(WORDS_MAX, 'admin:words.tooMany');
export const wordsBody = z
  .object({
    words: z.object({ violation: wordList, sensitive: wordList, removed: wordList }),
    reason,
    requestId,
  })
  .superRefine((b, ctx) => {
    const all = WORD_LISTS.reduce((n, k) => n + b.words[k].filter((w) => w.trim()).length, 0);
    if (all === 0) ctx.addIssue({ code: 'custom', path: ['words'], message: 'admin:words.empty' });
    if (all > WORDS_MAX) ctx.addIssue({ code: 'custom', path: ['words'], message: 'admin:words.tooMany' });
  });

export const words = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/words',
  tags,
  summary: "The console's moderation word list: the current version and the history",
  responses: jsonResponses(wordListHistory, codes),
});

const saved = z.object({ applied: z.boolean(), version: wordListVersion.nullable() });

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
  request: { body: jsonBody(z.object({ id: id(), reason, requestId })) },
  responses: jsonResponses(saved, { ...codes, 404: 'no such version (HTTP 404)' }),
});
