import type { Runtime } from '../../runtime';
import type { ChatSource, SourcePassage, SourceQuery } from '../chat/source-types';
import { searchPassages } from './search';

/**
 * The knowledge bases as a source of an answer (docs/chat.md#sources): the question searched in
 * the bases the conversation picked, which must all be the caller's (a base that is not answers
 * 404, as everywhere); visitors have none.
 */
export const knowledgeSource: ChatSource = {
  kind: 'knowledge',
  async available(_rt: Runtime) {
    // Keyword search needs nothing outside the database: there whenever the site runs.
    return true;
  },
  async gather(rt: Runtime, q: SourceQuery): Promise<SourcePassage[]> {
    const userId = q.caller.userId;
    const baseIds = q.knowledgeBaseIds ?? [];
    if (userId === null || baseIds.length === 0 || q.limit <= 0) return [];
    const { passages } = await searchPassages(rt, userId, baseIds, q.query, Math.min(q.limit, 20), q.signal);
    return passages.map((p) => ({
      kind: 'knowledge',
      title: p.fileName,
      text: p.text,
      baseId: p.baseId,
      fileId: p.fileId,
      ...(p.page !== null ? { page: p.page } : {}),
    }));
  },
};
