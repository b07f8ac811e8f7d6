import { eq } from 'drizzle-orm';
import { modelChannels } from '../../db/schema';
import type { Runtime } from '../../runtime';
import { costOf, recordUsage } from './record';

/** A drawing or song as it ended, with what the ledger needs of it. */
export interface EndedTask {
  kind: 'drawing' | 'song' | 'video';
  taskId: string;
  userId: number;
  /** The channel that took it; null: the environment's provider. */
  channelId: number | null;
  provider: string;
  /** The model to name when the task ran on the environment's provider. */
  fallbackModel: string;
  /** Whether the upstream took the work (it then charges for it even when it failed later). */
  taken: boolean;
  createdAt: Date;
  outcome: 'ok' | 'failed' | 'cancelled';
}

/**
 * Writes the one ledger row of a finished, failed or cancelled drawing or song (docs/ledger.md):
 * the channel's first model names and prices it, one picture or song at its price, nothing
 * when the upstream never took the work. Never throws.
 */
export async function recordTaskUsage(rt: Runtime, t: EndedTask): Promise<void> {
  let model = t.fallbackModel;
  let cost = 0;
  try {
    if (t.channelId !== null) {
      const [row] = await rt.database.db
        .select({ models: modelChannels.models })
        .from(modelChannels)
        .where(eq(modelChannels.id, t.channelId));
      const first = row?.models[0];
      if (first) model = first.id;
      const one = { drawing: { images: 1 }, song: { songs: 1 }, video: { videos: 1 } }[t.kind];
      if (t.taken) cost = costOf(first?.price, one);
    }
  } catch (err) {
    rt.log.warn('task price lookup failed', { taskId: t.taskId, err: (err as Error).message });
  }
  await recordUsage(rt, {
    kind: t.kind,
    taskId: t.taskId,
    userId: t.userId,
    model,
    channelId: t.channelId,
    provider: t.provider,
    tokenSource: 'none',
    durationMs: Math.max(0, Date.now() - t.createdAt.getTime()),
    costMicros: cost,
    outcome: t.outcome,
  });
}
