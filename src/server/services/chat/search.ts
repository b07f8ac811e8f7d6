import { and, desc, eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { ChatSearchHit } from '../../../shared/contract/chat-share';
import { hit } from '../../db/queries/rate-limits';
import { chatConversations, type StoredChatMessage } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';

const RESULTS = 20;
const BEFORE = 24;
const SNIPPET = 80;

/** What search reads of a conversation: its title and the shown messages' texts (variants are not shown). */
export function searchTextOf(title: string, messages: StoredChatMessage[]): string {
  return [title, ...messages.map((m) => m.text)].join('\n');
}

/** `%`, `_` and `\` match themselves. */
const likeEscape = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The caller's live conversations holding `q` (case-insensitive), latest first. ILIKE on the
 * trigram-indexed `search_text`: from 3 characters the GIN index finds the rows; shorter queries
 * (one or two Chinese characters) have no trigram and scan only this user's rows, which the
 * (user_id, changed_at) index narrows. Either way the result is the same.
 */
export async function searchConversations(rt: Runtime, userId: number, query: string): Promise<ChatSearchHit[]> {
  const q = query.trim();
  if (!q) return [];
  const rate = await hit(rt.database.db, `chat-search:user:${userId}`, {
    limit: rt.env.CHAT_SEARCH_PER_MINUTE,
    windowMs: 60_000,
  });
  if (!rate.allowed) throw new DomainError(Code.TOO_MANY_REQUESTS, 'chat:search.tooFast', { status: 429 });
  const c = chatConversations;
  const at = sql`strpos(lower(${c.searchText}), lower(${q}))`;
  const rows = await rt.database.db
    .select({
      uuid: c.uuid,
      title: c.title,
      snippet: sql<string>`substr(${c.searchText}, greatest(1, ${at} - ${BEFORE}), ${SNIPPET})`,
      cut: sql<boolean>`${at} > ${BEFORE + 1}`,
    })
    .from(c)
    .where(
      and(eq(c.userId, userId), eq(c.deleted, false), sql`${c.searchText} ILIKE ${`%${likeEscape(q)}%`} ESCAPE '\\'`),
    )
    .orderBy(desc(c.changedAt))
    .limit(RESULTS);
  return rows.map((r) => ({
    uuid: r.uuid,
    title: r.title,
    snippet: `${r.cut ? '…' : ''}${r.snippet.replace(/\s+/g, ' ').trim()}`,
  }));
}
