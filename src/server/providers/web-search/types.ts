import type { WebSearchProviderName } from '../../../shared/web-search';

/** One result as a search service lists it, before the service dedups it and reads its page. */
export interface WebHit {
  title: string;
  url: string;
  /** The site's name when the service gives one, else the host. */
  site: string;
  /** The service's excerpt of the page (may be empty). */
  snippet: string;
  /** Whether the page may be fetched for its text (false for the sandbox's made-up addresses). */
  readable: boolean;
}

/** What went wrong with a search, in words an operator can act on (websearch:errors.<kind>). */
export type WebSearchErrorKind =
  | 'refused'
  | 'dns'
  | 'timeout'
  | 'network'
  | 'tls'
  | 'badKey'
  | 'notFound'
  | 'rateLimited'
  | 'server'
  | 'status'
  | 'shape'
  | 'tooLarge';

export class WebSearchError extends Error {
  readonly kind: WebSearchErrorKind;
  readonly status: number | null;

  constructor(kind: WebSearchErrorKind, status: number | null = null, detail = '') {
    super(`web search ${kind}${status ? ` (${status})` : ''}${detail ? `: ${detail}` : ''}`);
    this.kind = kind;
    this.status = status;
  }
}

export interface WebSearchOptions {
  /** Results wanted at most (the adapter asks the service for this many). */
  count: number;
  signal: AbortSignal;
}

/** One search service's adapter: built once per setting by the provider registry. */
export interface WebSearchProvider {
  readonly name: WebSearchProviderName;
  search(query: string, o: WebSearchOptions): Promise<WebHit[]>;
}

/** What an adapter is built from: the console's setting (or the environment's), the key opened. */
export interface WebSearchTarget {
  provider: WebSearchProviderName;
  /** The service's address; '' means its documented public endpoint. */
  baseUrl: string;
  /** The key; '' when the service takes none (SearXNG, the sandbox). */
  secret: string;
}
