import { createHash } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type GenerationKind, generationLogs } from '../../db/schema';

/** Characters of a request kept in its log row: enough to tell what was asked. */
const PROMPT_MAX = 4_000;

export interface GenerationEntry {
  userId: number | null;
  /** The client address: who asked, for a visitor. */
  ip?: string | null;
  kind: GenerationKind;
  prompt: string;
  outputRef?: string | null;
}

/** Records one generation (docs/retention.md). A failed write is the caller's to log, never the user's to see. */
export async function logGeneration(db: Db, e: GenerationEntry) {
  await db.insert(generationLogs).values({
    userId: e.userId,
    ip: e.ip ?? null,
    kind: e.kind,
    prompt: e.prompt.slice(0, PROMPT_MAX),
    promptHash: createHash('sha256').update(e.prompt).digest('hex'),
    outputRef: e.outputRef ?? null,
  });
}

/** An account's deletion keeps its generation logs as the law requires, without the prompts' text. */
export async function stripGenerationLogs(db: Db, userId: number) {
  await db
    .update(generationLogs)
    .set({ prompt: null, ip: null })
    .where(and(eq(generationLogs.userId, userId), sql`${generationLogs.prompt} is not null`));
}

const PRUNE_BATCH = 1_000;

/** Deletes generation logs older than `before`, in batches. Answers how many went. */
export async function pruneGenerationLogs(db: Db, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const due = await db
      .select({ id: generationLogs.id })
      .from(generationLogs)
      .where(lt(generationLogs.at, before))
      .limit(PRUNE_BATCH);
    if (due.length === 0) return total;
    await db.delete(generationLogs).where(
      inArray(
        generationLogs.id,
        due.map((r) => r.id),
      ),
    );
    total += due.length;
    if (due.length < PRUNE_BATCH) return total;
  }
}
