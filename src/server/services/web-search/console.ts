import { sql } from 'drizzle-orm';
import type { WebSearchConsole } from '../../../shared/contract/web-search-console';
import { WEB_SEARCH_NEEDS, type WebSearchProviderName } from '../../../shared/web-search';
import { webSearchSettings } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import { WebSearchError } from '../../providers/web-search';
import type { Runtime } from '../../runtime';
import { sandboxAllowed } from '../../sandbox';
import { type Actor, auditExists, writeAudit } from '../admin/audit';
import { channelBox } from '../channels/box';
import { recordUsage } from '../ledger/record';
import { forgetWebSearchSetting, searchTarget, webSearchSetting } from './setting';

const num = (v: unknown) => Number(v ?? 0);
const DAYS = 14;

/** The console's page: the effective setting (key masked), whether it runs, and 14 days of use. */
export async function webSearchConsole(rt: Runtime): Promise<WebSearchConsole> {
  const s = await webSearchSetting(rt);
  const tz = rt.env.SITE_TIME_ZONE;
  const day = sql`(created_at at time zone ${tz})::date`;
  const since = sql`((now() at time zone ${tz})::date - ${DAYS - 1}::int)`;
  const rows = async (q: ReturnType<typeof sql>) =>
    ((await rt.database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const days = await rows(sql`with d as (
      select g::date as day from generate_series(${since}, (now() at time zone ${tz})::date, interval '1 day') g
    ), l as (
      select ${day} as day, count(*) as n, count(*) filter (where outcome = 'failed') as failed,
        coalesce(sum(cost_micros), 0) as cost
      from usage_ledger where kind = 'search' and ${day} >= ${since} group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as day, l.n, l.failed, l.cost from d left join l using (day) order by d.day`);
  const providers = await rows(sql`select provider, count(*) as n, count(*) filter (where outcome = 'failed') as failed,
      coalesce(sum(cost_micros), 0) as cost, max(created_at) filter (where outcome = 'failed') as last_fail
    from usage_ledger where kind = 'search' and ${day} >= ${since} group by provider order by n desc`);
  return {
    setting: {
      provider: s.provider,
      baseUrl: s.baseUrl,
      hasKey: s.secret !== '',
      last4: s.secret ? s.last4 : '',
      costMicros: s.costMicros,
      source: s.source,
      updatedAt: s.updatedAt,
    },
    active: (await searchTarget(rt)) !== null,
    sandboxAllowed: sandboxAllowed(rt.env),
    days: days.map((r) => ({ day: String(r.day), searches: num(r.n), failed: num(r.failed), costMicros: num(r.cost) })),
    providers: providers.map((r) => ({
      provider: String(r.provider),
      searches: num(r.n),
      failed: num(r.failed),
      costMicros: num(r.cost),
      lastFailAt: r.last_fail ? new Date(r.last_fail as string).toISOString() : null,
    })),
  };
}

export interface WebSearchChange {
  provider: WebSearchProviderName | 'off';
  baseUrl: string;
  /** A new key; omitted keeps the stored one (for the same provider). */
  secret?: string;
  costMicros: number;
}

class Repeated extends Error {}

/**
 * Saves the console's setting (one row, key sealed) with one audit row; the request id makes a
 * repeated click apply once. Refused (400, nothing changed): a provider without the key or
 * address it needs, or the sandbox where it may not run. Every process reads it again at once.
 */
export async function changeWebSearch(
  rt: Runtime,
  a: { actor: Actor; change: WebSearchChange; requestId: string },
): Promise<boolean> {
  const c = a.change;
  const bad = (key: string) => new DomainError(400, `websearch:console.${key}`, { status: 400 });
  if (c.provider === 'sandbox' && !sandboxAllowed(rt.env)) throw bad('sandboxRefused');
  const needs = c.provider === 'off' ? { key: false, baseUrl: false } : WEB_SEARCH_NEEDS[c.provider];
  if (needs.baseUrl && !c.baseUrl) throw bad('baseUrlRequired');
  let applied = true;
  try {
    await transaction(rt.database.db, async (tx) => {
      await tx.execute(sql`lock table ${webSearchSettings} in share row exclusive mode`);
      const [row] = await tx.select().from(webSearchSettings);
      // A key belongs to its service: switching services needs the new one's key.
      const kept = row && row.provider === c.provider ? row.sealed : null;
      const sealed = c.secret ? channelBox(rt).seal(c.secret) : needs.key ? kept : null;
      if (needs.key && !sealed) throw bad('keyRequired');
      const last4 = c.secret ? c.secret.slice(-4) : sealed ? (row?.last4 ?? '') : '';
      const values = { provider: c.provider, baseUrl: c.baseUrl, sealed, last4, costMicros: c.costMicros };
      const fresh = await writeAudit(tx, a.actor, {
        action: 'websearch.change',
        targetType: 'settings',
        targetId: 'web_search',
        before: row
          ? { provider: row.provider, baseUrl: row.baseUrl, last4: row.last4, costMicros: row.costMicros }
          : null,
        after: { provider: c.provider, baseUrl: c.baseUrl, last4, costMicros: c.costMicros },
        requestId: a.requestId,
      });
      if (!fresh) throw new Repeated();
      const now = new Date();
      await tx
        .insert(webSearchSettings)
        .values({ id: 1, ...values, updatedAt: now, updatedBy: a.actor.userId })
        .onConflictDoUpdate({
          target: webSearchSettings.id,
          set: { ...values, updatedAt: now, updatedBy: a.actor.userId },
        });
    });
  } catch (err) {
    if (!(err instanceof Repeated)) throw err;
    applied = false;
  }
  if (applied) await forgetWebSearchSetting(rt);
  return applied;
}

/** Drops the console's setting: the environment's WEB_SEARCH_* apply again. */
export async function resetWebSearch(rt: Runtime, a: { actor: Actor; requestId: string }): Promise<boolean> {
  const applied = await transaction(rt.database.db, async (tx) => {
    if (await auditExists(tx, a.actor.userId, a.requestId)) return false;
    const gone = await tx.delete(webSearchSettings).returning({ provider: webSearchSettings.provider });
    if (gone.length === 0) throw new DomainError(400, 'websearch:console.unchanged', { status: 400 });
    await writeAudit(tx, a.actor, {
      action: 'websearch.reset',
      targetType: 'settings',
      targetId: 'web_search',
      before: { provider: gone[0]?.provider },
      after: null,
      requestId: a.requestId,
    });
    return true;
  });
  if (applied) await forgetWebSearchSetting(rt);
  return applied;
}

/**
 * The console's health check of the saved setting: one real search (it costs what a search
 * costs, and is written to the ledger as one). Answers the failure's kind, never throws for it.
 */
export async function probeWebSearch(rt: Runtime, actor: Actor) {
  const target = await searchTarget(rt);
  if (!target) return { ok: false, kind: 'off', results: 0, ms: 0 };
  const { costMicros } = await webSearchSetting(rt);
  const started = Date.now();
  let outcome: { ok: boolean; kind: string | null; results: number };
  try {
    const hits = await rt.registry
      .webSearch(target)
      .search('妙笔 AI', { count: 3, signal: AbortSignal.timeout(20_000) });
    outcome = { ok: true, kind: null, results: hits.length };
  } catch (err) {
    outcome = { ok: false, kind: err instanceof WebSearchError ? err.kind : 'network', results: 0 };
  }
  const ms = Date.now() - started;
  await recordUsage(rt, {
    kind: 'search',
    userId: actor.userId,
    model: target.provider,
    provider: target.provider,
    tokenSource: 'none',
    durationMs: ms,
    costMicros: outcome.ok ? costMicros : 0,
    outcome: outcome.ok ? 'ok' : 'failed',
  });
  return { ...outcome, ms };
}
