import { Code } from '../../../shared/codes';
import { DomainError } from '../../errors';
import { DocumentRefused } from '../../providers/documents';
import { DownloadError } from '../../providers/download';
import { type WebHit, WebSearchError } from '../../providers/web-search';
import type { Runtime } from '../../runtime';
import type { Caller } from '../chat/quota';
import { rateKey } from '../credits/rates';
import { freeOrHold, holdAtRate } from '../credits/spend';
import { recordUsage } from '../ledger/record';
import { dedupByUrl } from './dedup';
import { refundSearchQuota, takeSearchQuota } from './quota';
import { searchTarget, webSearchSetting } from './setting';

/** One result as the chat cites it. */
export interface WebResult {
  title: string;
  url: string;
  site: string;
  snippet: string;
  /** The page's text when it was read (bounded), else the snippet. */
  text: string;
}

/** Longest query sent to a service (Zhipu documents 70 characters as its useful length). */
export const QUERY_MAX = 200;
/** Results handed back at most, and pages read for their text (the first readable ones). */
export const RESULTS_MAX = 10;
export const PAGES_READ = 3;
/** Characters of a page's text kept for a passage. */
export const PAGE_TEXT_CHARS = 3000;

const titleOf = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 200);

/**
 * Searches the web for `query` (docs/web-search.md): one search of the caller's daily allowance,
 * the service's results without repeats (by normalised URL), the first readable pages' text read
 * through the download guard and the bounded document thread. Every search writes one ledger row
 * (its cost, or a failure at no cost). Throws DomainError: 400 bad query, 503 off or failing, 429
 * past the allowance (a failed search is given back).
 */
export async function searchWeb(
  rt: Runtime,
  caller: Caller,
  query: string,
  o: { limit: number; signal: AbortSignal },
): Promise<WebResult[]> {
  const words = query.replace(/\s+/g, ' ').trim();
  if (!words || words.length > QUERY_MAX)
    throw new DomainError(Code.BAD_REQUEST, 'websearch:errors.query', { status: 400, params: { max: QUERY_MAX } });
  const target = await searchTarget(rt);
  if (!target) throw new DomainError(Code.UNAVAILABLE, 'websearch:errors.off', { status: 503 });
  // The day's free searches first; past them a priced search is paid in credits (held, settled once taken).
  const paid = await freeOrHold(
    () => takeSearchQuota(rt, caller),
    () => holdAtRate(rt, caller.userId, 'search', rateKey.search),
  );
  const { costMicros } = await webSearchSetting(rt);
  const limit = Math.max(1, Math.min(RESULTS_MAX, o.limit));
  const started = Date.now();
  const ledger = (outcome: 'ok' | 'failed' | 'cancelled', cost: number) =>
    recordUsage(rt, {
      kind: 'search',
      userId: caller.userId,
      model: target.provider,
      provider: target.provider,
      tokenSource: 'none',
      durationMs: Date.now() - started,
      costMicros: cost,
      outcome,
    });
  let hits: WebHit[];
  try {
    hits = dedupByUrl(await rt.registry.webSearch(target).search(words, { count: limit + 5, signal: o.signal }));
  } catch (err) {
    await (paid.hold ? paid.hold.release() : refundSearchQuota(rt, caller));
    if (o.signal.aborted) {
      await ledger('cancelled', 0);
      throw err;
    }
    await ledger('failed', 0);
    const kind = err instanceof WebSearchError ? err.kind : 'network';
    rt.log.warn('web search failed', { provider: target.provider, err: (err as Error).message });
    throw new DomainError(Code.UNAVAILABLE, `websearch:errors.${kind}`, { status: 503 });
  }
  // The service took the search (and charges for it) whether or not its pages can be read.
  await ledger('ok', costMicros);
  await paid.hold?.settle(paid.hold.amount);
  const top = hits.slice(0, limit);
  const owner = `web:${caller.userId ?? caller.ip}`;
  let reading = 0;
  return Promise.all(
    top.map(async (hit): Promise<WebResult> => {
      const result = { title: titleOf(hit.title), url: hit.url, site: hit.site, snippet: hit.snippet.trim() };
      if (!hit.readable || reading >= PAGES_READ) return { ...result, text: result.snippet };
      reading++;
      return { ...result, text: (await pageText(rt, owner, hit.url, o.signal)) ?? result.snippet };
    }),
  );
}

/** A page's text, or null when it cannot be read (refused address, not a page, too complex…). */
async function pageText(rt: Runtime, owner: string, url: string, signal: AbortSignal): Promise<string | null> {
  try {
    const page = await rt.registry.page(url, signal);
    const read = await rt.documents.read(owner, page.kind, Buffer.from(page.body, 'utf8'), PAGE_TEXT_CHARS);
    return read.text.replace(/\n{3,}/g, '\n\n');
  } catch (err) {
    if (signal.aborted) throw err;
    if (!(err instanceof DownloadError || err instanceof DocumentRefused)) throw err;
    rt.log.debug('web page not read', { err: err.message });
    return null;
  }
}
