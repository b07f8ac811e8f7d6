import {
  revertWordsBody,
  reviewDecided,
  reviewDecision,
  reviewQueue,
  wordListSaved as saved,
  wordListHistory,
  wordsBody,
} from '../../../shared/contract/moderation';
import { consoleRoute } from '../admin/console-kit';
import { jsonBody } from '../route-kit';

// The review queue and the moderation word list (docs/console.md): operators and admins.

export const queue = consoleRoute('get', '/admin/review', reviewQueue, {
  summary: 'Pictures, songs and apps waiting for review, oldest first, with author and moderation verdict',
});

export const decide = consoleRoute('post', '/admin/review/decide', reviewDecided, {
  summary: 'Approves (published) or rejects (hidden) a pending item, with a reason',
  request: { body: jsonBody(reviewDecision) },
  more: { 409: 'no longer pending: decided already or taken back (HTTP 409)' },
});

export const words = consoleRoute('get', '/admin/words', wordListHistory, {
  summary: "The console's moderation word list: the current version and the history",
});

export const saveWords = consoleRoute('post', '/admin/words', saved, {
  summary: 'Saves the word list as a new version; every process applies it at once',
  request: { body: jsonBody(wordsBody) },
});

export const revertWords = consoleRoute('post', '/admin/words/revert', saved, {
  summary: 'Makes an earlier version current again (as a new version naming it)',
  request: { body: jsonBody(revertWordsBody) },
  more: { 404: 'no such version (HTTP 404)' },
});
