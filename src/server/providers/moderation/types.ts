/**
 * pass, or why a text may not be drawn: `violation` → task status 12
 * (violating content), `sensitive` → status 14 (sensitive information).
 */
export type Verdict = { verdict: 'pass' } | { verdict: 'violation' | 'sensitive'; reason: string };

/** A service that judges texts (the HTTP one). */
export interface ModerationService {
  /** wordlist, or wordlist+http when an HTTP service is asked too. */
  readonly mode: string;
  /** Judges the texts of one request together; throws when a service could not answer. */
  check(texts: string[], signal?: AbortSignal): Promise<Verdict>;
}

export interface ModerationProvider extends ModerationService {
  /**
   * The word list alone, with no outside service: local and quick, for stored texts judged
   * again each time they are shown (a word listed after they were published).
   */
  checkWords(texts: string[]): Promise<Verdict>;
}
