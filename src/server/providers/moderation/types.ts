/**
 * pass, or why a text may not be drawn: `violation` → task status 12
 * (violating content), `sensitive` → status 14 (sensitive information).
 */
export type Verdict = { verdict: 'pass' } | { verdict: 'violation' | 'sensitive'; reason: string };

export interface ModerationProvider {
  /** wordlist, or wordlist+http when an HTTP service is asked too. */
  readonly mode: string;
  /** Judges the texts of one request together; throws when a service could not answer. */
  check(texts: string[], signal?: AbortSignal): Promise<Verdict>;
}
