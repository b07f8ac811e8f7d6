import { chainModeration, createHttpModeration } from './http';
import type { ModerationProvider } from './types';
import { createWordListModeration } from './wordlist';

export type { ModerationProvider, Verdict } from './types';

/** The built-in word list, then the HTTP service when MODERATION_URL is set. */
export function createModeration(cfg: {
  MODERATION_URL?: string;
  MODERATION_SECRET?: string;
  MODERATION_WORDS_FILE?: string;
}): ModerationProvider {
  const words = createWordListModeration(cfg.MODERATION_WORDS_FILE);
  if (!cfg.MODERATION_URL) return words;
  return chainModeration(words, createHttpModeration({ url: cfg.MODERATION_URL, secret: cfg.MODERATION_SECRET }));
}
