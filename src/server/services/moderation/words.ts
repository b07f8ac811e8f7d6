import { desc, eq } from 'drizzle-orm';
import type { WordListHistory, WordListVersion } from '../../../shared/contract/moderation';
import type { WordEdits } from '../../../shared/word-list';
import { type ModerationWordList, moderationWordLists } from '../../db/schema';
import { DomainError } from '../../errors';
import { SENSITIVE_WORDS, VIOLATION_WORDS } from '../../providers/moderation/words';
import type { Runtime } from '../../runtime';
import { type Actor, auditedOnce } from '../admin/audit';
import { notifiedCache } from '../notified-cache';

/** NOTIFY channel: the console saved a word list; every process reads the newest version again. */
export const WORDS_CHANNEL = 'miaobi_words';
/** Safety net: a lost notification cannot keep an old list longer than this. */
const TTL_MS = 60_000;
const HISTORY = 50;

const cache = notifiedCache({ name: 'word list', channel: WORDS_CHANNEL, ttlMs: TTL_MS, maxEntries: 1 });

const versionDto = (v: ModerationWordList): WordListVersion => ({
  id: v.id,
  words: v.words,
  authorEmail: v.authorEmail,
  revertedFrom: v.revertedFrom,
  createdAt: v.createdAt.toISOString(),
});

/**
 * The console's current edits of the word list, or null before its first save.
 * The moderation provider asks this on every check (wired in bootstrap.ts); the
 * same object comes back until any process saves, so the provider merges once.
 */
export function consoleWordEdits(rt: Runtime): Promise<WordEdits | null> {
  return cache.get(rt, 'current', async () => {
    const [row] = await rt.database.db
      .select()
      .from(moderationWordLists)
      .orderBy(desc(moderationWordLists.id))
      .limit(1);
    return row ? row.words : null;
  });
}

/** The current version, the latest versions (newest first) and the size of the built-in list. */
export async function wordListHistory(rt: Runtime): Promise<WordListHistory> {
  const rows = await rt.database.db
    .select()
    .from(moderationWordLists)
    .orderBy(desc(moderationWordLists.id))
    .limit(HISTORY);
  const versions = rows.map(versionDto);
  return {
    current: versions[0] ?? null,
    versions,
    builtIn: { violation: VIOLATION_WORDS.length, sensitive: SENSITIVE_WORDS.length },
  };
}

/** Trimmed, each word once, in the order typed. */
const tidy = (words: string[]) => [...new Set(words.map((w) => w.trim()).filter(Boolean))];

async function saveVersion(
  rt: Runtime,
  actor: Actor,
  words: WordEdits,
  e: { action: string; reason?: string; requestId: string; revertedFrom?: number },
): Promise<WordListVersion | null> {
  const saved = await auditedOnce(rt.database.db, actor, async (tx) => {
    const [before] = await tx.select().from(moderationWordLists).orderBy(desc(moderationWordLists.id)).limit(1);
    const [row] = await tx
      .insert(moderationWordLists)
      .values({ words, authorId: actor.userId, authorEmail: actor.email, revertedFrom: e.revertedFrom ?? null })
      .returning();
    if (!row) throw new Error('word list not inserted');
    const value = versionDto(row);
    return {
      value,
      entry: {
        action: e.action,
        targetType: 'word_list',
        targetId: row.id,
        reason: e.reason,
        before: before ? before.words : null,
        after: words,
        requestId: e.requestId,
      },
    };
  });
  // Every process drops its copy (NOTIFY), so the next check anywhere uses this version.
  if (saved) await cache.invalidate(rt);
  return saved;
}

/** Saves the console's list as a new version (null: a repeated click). Bounds are the route's (shared/word-list.ts). */
export function saveWordList(rt: Runtime, actor: Actor, words: WordEdits, reason: string, requestId: string) {
  const clean = { violation: tidy(words.violation), sensitive: tidy(words.sensitive), removed: tidy(words.removed) };
  if (!clean.violation.length && !clean.sensitive.length && !clean.removed.length)
    throw new DomainError(400, 'admin:words.empty', { status: 400 });
  return saveVersion(rt, actor, clean, { action: 'words.save', reason, requestId });
}

/** Makes an earlier version current again, as a new version that names it. */
export async function revertWordList(rt: Runtime, actor: Actor, id: number, reason: string, requestId: string) {
  const [old] = await rt.database.db.select().from(moderationWordLists).where(eq(moderationWordLists.id, id));
  if (!old) throw new DomainError(404, 'admin:words.noVersion', { status: 404 });
  return saveVersion(rt, actor, old.words, { action: 'words.revert', reason, requestId, revertedFrom: id });
}
