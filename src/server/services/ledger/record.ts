import type { ModelPrice } from '../../../shared/contract/channels';
import { type NewUsageRow, usageLedger } from '../../db/schema';
import type { Runtime } from '../../runtime';

/** Upstream cost in micro-yuan of tokens, pictures, songs or videos at a model's price (0 when unpriced). */
export function costOf(
  price: ModelPrice | null | undefined,
  used: { inputTokens?: number; outputTokens?: number; images?: number; songs?: number; videos?: number },
): number {
  if (!price) return 0;
  return Math.round(
    ((used.inputTokens ?? 0) * price.inputPer1k + (used.outputTokens ?? 0) * price.outputPer1k) / 1000 +
      (used.images ?? 0) * price.perImage +
      (used.songs ?? 0) * price.perSong +
      (used.videos ?? 0) * (price.perVideo ?? 0),
  );
}

/**
 * Writes one ledger row (docs/ledger.md). Bookkeeping never fails the user's work: an error is
 * logged and the answer, picture or song goes on.
 */
export async function recordUsage(rt: Runtime, row: NewUsageRow): Promise<void> {
  try {
    await rt.database.db.insert(usageLedger).values(row);
  } catch (err) {
    rt.log.error('usage ledger write failed', {
      err: err instanceof Error ? err.message : String(err),
      kind: row.kind,
    });
  }
}
