/**
 * The console's moderation word list (docs/console.md): words added to the
 * built-in lists (violation: status 12, sensitive: status 14) and built-in
 * or file words taken out. Shared by the server (validation, the provider)
 * and the console island (inputs).
 */
export interface WordEdits {
  violation: string[];
  sensitive: string[];
  removed: string[];
}

/** Longest word, in characters. */
export const WORD_MAX = 40;
/** Most words in one version, all three lists together (the route's body limit fits them: body-limits.ts). */
export const WORDS_MAX = 1000;
export const WORD_LISTS = ['violation', 'sensitive', 'removed'] as const;
