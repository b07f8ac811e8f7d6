import type { ChatSource } from '../chat/source-types';
import { searchWeb } from './search';
import { searchTarget } from './setting';

/**
 * The web as a chat source (docs/web-search.md#chat): available while a search service is set up,
 * each result one passage (the page's text, else the service's snippet). gather() throws the
 * search's DomainError (allowance used up, service failing) for the chat to report.
 */
export const webSource: ChatSource = {
  kind: 'web',
  async available(rt) {
    return (await searchTarget(rt)) !== null;
  },
  async gather(rt, q) {
    const results = await searchWeb(rt, q.caller, q.query, { limit: q.limit, signal: q.signal });
    return results.map((r) => ({ kind: 'web' as const, title: r.title, text: r.text, url: r.url, site: r.site }));
  },
};
