import { and, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { jobSettings } from '../../config/jobs';
import { knowledgeConfig } from '../../config/knowledge';
import { type KnowledgeFileRow, knowledgeFiles } from '../../db/schema';
import { abortReason, type JobSpec } from '../../jobs/runner';
import { EmbeddingsError } from '../../providers/embeddings';
import type { Runtime } from '../../runtime';
import { IngestBusy, IngestFailure, ingestFile, moveFile, UNFINISHED } from './ingest';

const POLL_MS = 2000;
/** A file that crashed its runner this many times fails instead of being tried again. */
const MAX_ATTEMPTS = 5;
/** One file's ingestion (reading, cutting, embedding) may take this long. */
const FILE_TIMEOUT_MS = 10 * 60_000;
/** A file whose owner has others being read waits this long before it is claimed again. */
const BUSY_WAIT_MS = 1500;

/** A ready file whose re-embedding failed is tried again after this long. */
const REEMBED_RETRY_MS = 60_000;

const db = (rt: Runtime) => rt.database.db;

type Claimed = KnowledgeFileRow & { deadline: Date };

/**
 * Files to work on: unfinished ones, and ready ones whose vectors are of another model than the
 * one configured now (a changed EMBEDDINGS_MODEL re-embeds in the background).
 */
function runnable(rt: Runtime) {
  const model = rt.registry.embeddings?.model;
  const unfinished = inArray(knowledgeFiles.status, UNFINISHED);
  if (!model) return unfinished;
  return or(unfinished, and(eq(knowledgeFiles.status, 'ready'), sql`embedded_model is distinct from ${model}`));
}

async function claim(rt: Runtime, limit: number, except: number[], now = new Date()): Promise<Claimed[]> {
  const leaseUntil = new Date(now.getTime() + jobSettings(rt.env).JOB_LEASE_MS);
  return rt.database.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(knowledgeFiles)
      .where(
        and(
          runnable(rt),
          or(isNull(knowledgeFiles.leaseUntil), lt(knowledgeFiles.leaseUntil, now)),
          except.length > 0 ? notInArray(knowledgeFiles.id, except) : undefined,
        ),
      )
      .orderBy(knowledgeFiles.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    await tx
      .update(knowledgeFiles)
      .set({ leaseUntil, attempts: sql`${knowledgeFiles.attempts} + 1` })
      .where(
        inArray(
          knowledgeFiles.id,
          rows.map((r) => r.id),
        ),
      );
    const deadline = new Date(now.getTime() + FILE_TIMEOUT_MS);
    return rows.map((r) => ({ ...r, leaseUntil, attempts: r.attempts + 1, deadline }));
  });
}

async function fail(rt: Runtime, file: KnowledgeFileRow, reason: string) {
  await moveFile(rt, file.id, { status: 'failed', failReason: reason, leaseUntil: null }, [...UNFINISHED, 'ready']);
}

async function step(rt: Runtime, file: Claimed, signal: AbortSignal): Promise<void> {
  const reembed = file.status === 'ready';
  try {
    if (!reembed && file.attempts > MAX_ATTEMPTS) return await fail(rt, file, 'knowledge:fail.attempts');
    await ingestFile(rt, file, signal);
  } catch (err) {
    const why = abortReason(signal);
    if (why === 'shutdown' || why === 'gone') return; // resumed elsewhere, or deleted
    if (reembed) {
      // A ready file stays searchable by its words; its new vectors are tried again later.
      rt.log.warn('knowledge re-embedding failed', { fileId: file.id, err: String(err) });
      await db(rt)
        .update(knowledgeFiles)
        .set({ leaseUntil: new Date(Date.now() + REEMBED_RETRY_MS), attempts: 0 })
        .where(eq(knowledgeFiles.id, file.id));
      return;
    }
    if (err instanceof IngestBusy) {
      // Its turn comes after the owner's other documents: given back for a moment, not failed.
      await db(rt)
        .update(knowledgeFiles)
        .set({ leaseUntil: new Date(Date.now() + BUSY_WAIT_MS), attempts: sql`${knowledgeFiles.attempts} - 1` })
        .where(eq(knowledgeFiles.id, file.id));
      return;
    }
    const reason =
      why === 'timeout'
        ? 'knowledge:fail.timeout'
        : err instanceof IngestFailure
          ? err.message
          : err instanceof EmbeddingsError
            ? 'knowledge:fail.embeddings'
            : 'knowledge:fail.unknown';
    if (!(err instanceof IngestFailure))
      rt.log.warn('knowledge ingestion failed', { fileId: file.id, err: String(err) });
    await fail(rt, file, reason).catch((e: Error) =>
      rt.log.error('knowledge file could not be failed', { fileId: file.id, err: e.message }),
    );
  }
}

/**
 * The knowledge worker (jobs/runner.ts): claims files to ingest (or re-embed) up to
 * KNOWLEDGE_CONCURRENCY, each under a renewed lease, so a crashed process's files are resumed.
 * Woken at once by an upload in this process (`rt.jobs.knowledge.wake()`).
 */
export function knowledgeJob(rt: Runtime): JobSpec<Claimed> {
  return {
    name: 'knowledge worker',
    log: rt.log,
    pollMs: POLL_MS,
    startNow: true,
    tasks: {
      concurrency: () => knowledgeConfig(rt.env).KNOWLEDGE_CONCURRENCY,
      claim: (limit, running) => claim(rt, limit, running),
      keyOf: (f) => f.id,
      step: (f, signal) => step(rt, f, signal),
      leaseMs: jobSettings(rt.env).JOB_LEASE_MS,
      async renew(f) {
        const rows = await db(rt)
          .update(knowledgeFiles)
          .set({ leaseUntil: new Date(Date.now() + jobSettings(rt.env).JOB_LEASE_MS) })
          .where(and(eq(knowledgeFiles.id, f.id), inArray(knowledgeFiles.status, [...UNFINISHED, 'ready'])))
          .returning({ id: knowledgeFiles.id });
        return rows.length > 0;
      },
      deadlineOf: (f) => f.deadline,
      async release(files) {
        await db(rt)
          .update(knowledgeFiles)
          .set({ leaseUntil: null })
          .where(
            inArray(
              knowledgeFiles.id,
              files.map((f) => f.id),
            ),
          );
      },
    },
  };
}
