import type { KnowledgePassage } from '../../../shared/contract/knowledge';
import type { Runtime } from '../../runtime';
import type { ChatSource, SourcePassage, SourceQuery } from '../chat/source-types';
import { searchPassages } from './search';

const asSource = (p: KnowledgePassage, own: boolean): SourcePassage => ({
  kind: 'knowledge',
  title: p.fileName,
  text: p.text,
  // An app's base is read-only to the asker: its passages are cited, its ids are not handed out.
  ...(own ? { baseId: p.baseId, fileId: p.fileId } : {}),
  ...(p.page !== null ? { page: p.page } : {}),
});

/**
 * The knowledge bases as a source of an answer (docs/chat.md#sources): the question searched in
 * the bases the conversation picked, which must all be the caller's (a base that is not answers
 * 404, as everywhere; visitors have none), and in the base of the app the conversation is with,
 * searched as its owner's (docs/knowledge.md#an-apps-base).
 */
export const knowledgeSource: ChatSource = {
  kind: 'knowledge',
  async available(_rt: Runtime) {
    // Keyword search needs nothing outside the database: there whenever the site runs.
    return true;
  },
  async gather(rt: Runtime, q: SourceQuery): Promise<SourcePassage[]> {
    if (q.limit <= 0) return [];
    const limit = Math.min(q.limit, 20);
    const userId = q.caller.userId;
    const own = userId === null ? [] : (q.knowledgeBaseIds ?? []);
    const app = q.appBase && !(q.appBase.ownerId === userId && own.includes(q.appBase.baseId)) ? q.appBase : null;
    const [mine, theirs] = await Promise.all([
      userId !== null && own.length ? searchPassages(rt, userId, own, q.query, limit, q.signal) : null,
      app ? searchPassages(rt, app.ownerId, [app.baseId], q.query, limit, q.signal) : null,
    ]);
    // Both rankings' scores are reciprocal-rank sums, so the best of either comes first.
    const all = [
      ...(mine?.passages ?? []).map((p) => ({ p, s: asSource(p, true) })),
      ...(theirs?.passages ?? []).map((p) => ({ p, s: asSource(p, app?.ownerId === userId) })),
    ];
    return all.sort((a, b) => b.p.score - a.p.score).map((x) => x.s);
  },
};
