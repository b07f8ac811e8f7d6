import { inArray, sql } from 'drizzle-orm';
import { jobSettings } from '../../config/jobs';
import { knowledgeConfig } from '../../config/knowledge';
import { knowledgeBases } from '../../db/schema';
import type { JobSpec } from '../../jobs/runner';
import type { Runtime } from '../../runtime';
import { buildIndex, dropIndex } from './ivf';
import { rowsOf } from './rows';
import { hasPgvector } from './vectors';

// The IVF index job (docs/knowledge.md#retrieval): a base whose ready passages of the configured
// model reach KNOWLEDGE_IVF_MIN_PASSAGES gets an index; it is rebuilt when the model changes or
// the base has doubled or halved since (new passages join their nearest list at ingestion, so
// between builds the lists only drift), and dropped when the base falls below the threshold.
// Bases are claimed under a lease (FOR UPDATE SKIP LOCKED), so one process builds each.

const POLL_MS = 60_000;
/** One build (reading every vector, k-means, writing every passage's list) may take this long. */
const BUILD_TIMEOUT_MS = 15 * 60_000;

interface Claimed {
  id: number;
  passages: number;
  deadline: Date;
}

async function claim(rt: Runtime, limit: number, running: number[]): Promise<Claimed[]> {
  const model = rt.registry.embeddings?.model;
  if (!model || (await hasPgvector(rt))) return [];
  const min = knowledgeConfig(rt.env).KNOWLEDGE_IVF_MIN_PASSAGES;
  const now = new Date();
  const leaseUntil = new Date(now.getTime() + jobSettings(rt.env).JOB_LEASE_MS);
  const skip =
    running.length > 0
      ? sql`and b.id not in (${sql.join(
          running.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  return rt.database.db.transaction(async (tx) => {
    const rows = await rowsOf<{ id: number; passages: number }>(
      tx,
      sql`select b.id, s.n as passages from knowledge_bases b
          join (select base_id, sum(chunks)::int as n from knowledge_files
                where status = 'ready' and embedded_model = ${model} group by base_id) s on s.base_id = b.id
          where (b.ivf_lease_until is null or b.ivf_lease_until < ${now}) ${skip}
            and ((s.n >= ${min} and (b.ivf_model is distinct from ${model}
                  or s.n > 2 * b.ivf_passages or 2 * s.n < b.ivf_passages))
              or (s.n < ${min} and b.ivf_model is not null))
          order by b.id limit ${limit} for update of b skip locked`,
    );
    if (rows.length === 0) return [];
    await tx.execute(sql`update knowledge_bases set ivf_lease_until = ${leaseUntil}
      where id in (${sql.join(
        rows.map((r) => sql`${r.id}`),
        sql`, `,
      )})`);
    const deadline = new Date(now.getTime() + BUILD_TIMEOUT_MS);
    return rows.map((r) => ({ ...r, deadline }));
  });
}

async function releaseBases(rt: Runtime, ids: number[]): Promise<void> {
  await rt.database.db.update(knowledgeBases).set({ ivfLeaseUntil: null }).where(inArray(knowledgeBases.id, ids));
}

async function step(rt: Runtime, base: Claimed, signal: AbortSignal): Promise<void> {
  const model = rt.registry.embeddings?.model;
  try {
    if (!model || base.passages < knowledgeConfig(rt.env).KNOWLEDGE_IVF_MIN_PASSAGES) {
      await dropIndex(rt.database, base.id);
      return;
    }
    const started = Date.now();
    const lists = await buildIndex(rt.database, base.id, model, signal);
    // No vectors to read (its files went, or their passages are not written yet): the base is free
    // for the next look at once, not after its lease.
    if (lists === 0) await releaseBases(rt, [base.id]);
    else rt.log.info('knowledge IVF index built', { baseId: base.id, lists, ms: Date.now() - started });
  } catch (err) {
    if (signal.aborted) return; // its lease runs out and another look takes it again
    rt.log.warn('knowledge IVF index build failed; exact vector search meanwhile', {
      baseId: base.id,
      err: (err as Error).message,
    });
    // Not tried again at every look: a minute's lease passes first.
    await rt.database.db.execute(
      sql`update knowledge_bases set ivf_lease_until = ${new Date(Date.now() + POLL_MS)} where id = ${base.id}`,
    );
  }
}

/** The job (jobs/runner.ts); woken when a file's vectors are written (ingest.ts). */
export function knowledgeIndexJob(rt: Runtime): JobSpec<Claimed> {
  const lease = () => new Date(Date.now() + jobSettings(rt.env).JOB_LEASE_MS);
  return {
    name: 'knowledge index',
    log: rt.log,
    pollMs: POLL_MS,
    startNow: true,
    tasks: {
      concurrency: () => 1,
      claim: (limit, running) => claim(rt, limit, running),
      keyOf: (b) => b.id,
      step: (b, signal) => step(rt, b, signal),
      leaseMs: jobSettings(rt.env).JOB_LEASE_MS,
      async renew(b) {
        const rows = await rowsOf<{ id: number }>(
          rt.database.db,
          sql`update knowledge_bases set ivf_lease_until = ${lease()} where id = ${b.id} returning id`,
        );
        return rows.length > 0;
      },
      deadlineOf: (b) => b.deadline,
      release: (bases) =>
        releaseBases(
          rt,
          bases.map((b) => b.id),
        ),
    },
  };
}
