import { chainModeration, createHttpModeration } from './http';
import type { ModerationProvider } from './types';
import { createWordListModeration, type WordEditsSupplier } from './wordlist';

export type { ModerationProvider, Verdict } from './types';
export type { WordEditsSupplier } from './wordlist';

/**
 * The word list (built in, MODERATION_WORDS_FILE, then the console's edits that
 * `extraWords` supplies), then the HTTP service when MODERATION_URL is set.
 */
export function createModeration(
  cfg: {
    MODERATION_URL?: string;
    MODERATION_SECRET?: string;
    MODERATION_WORDS_FILE?: string;
  },
  extraWords?: WordEditsSupplier,
): ModerationProvider {
  const words = createWordListModeration(cfg.MODERATION_WORDS_FILE, extraWords);
  if (!cfg.MODERATION_URL) return words;
  return chainModeration(words, createHttpModeration({ url: cfg.MODERATION_URL, secret: cfg.MODERATION_SECRET }));
}
