import { Code } from '../../../shared/codes';
import { DomainError } from '../../errors';
import type { LlmMessage, LlmUsage } from '../../providers/llm';
import type { Runtime } from '../../runtime';
import { countChatTokens } from '../ledger/tokens';
import type { CreditKind } from './book';
import { endHold, type Hold, holdOf, takeHold } from './holds';
import { rateKey, rateOf, ratesOf, tokenCost } from './rates';

/** Output tokens a chat hold reserves beyond the question: the answer's assumed most. */
export const CHAT_HOLD_OUTPUT_TOKENS = 4_000;

/**
 * The day's free allowance first, credits after: runs `takeFree`; when it refuses with the
 * allowance used up (429) and the work has a price, takes a hold of `price()` credits instead.
 * With no price (0, the default) the allowance's refusal stands, as before credits existed.
 */
export async function freeOrHold<T>(
  takeFree: () => Promise<T>,
  hold: () => Promise<Hold | null>,
): Promise<{ free: T | null; hold: Hold | null }> {
  try {
    return { free: await takeFree(), hold: null };
  } catch (err) {
    if (!(err instanceof DomainError) || err.code !== Code.TOO_MANY_REQUESTS) throw err;
    const held = await hold();
    if (!held) throw err;
    return { free: null, hold: held };
  }
}

/** A chat answer's hold: the question's tokens and the most an answer may write, at the model's rates. */
export async function holdForChat(
  rt: Runtime,
  userId: number | null,
  model: string,
  messages: LlmMessage[],
): Promise<Hold | null> {
  if (userId === null) return null;
  const r = await ratesOf(rt.database.db, [rateKey.chatIn(model), rateKey.chatOut(model)]);
  const perIn = r[rateKey.chatIn(model)] ?? 0;
  const perOut = r[rateKey.chatOut(model)] ?? 0;
  if (perIn === 0 && perOut === 0) return null;
  const { inputTokens } = await countChatTokens(model, messages, '');
  const most = tokenCost(inputTokens, perIn) + tokenCost(CHAT_HOLD_OUTPUT_TOKENS, perOut);
  return takeHold(rt, userId, 'chat', most);
}

/** Settles a chat hold to the answer's recorded tokens (reasoning counts as output); released when none were recorded. */
export async function settleChat(rt: Runtime, hold: Hold | null, model: string, usage: LlmUsage | null) {
  if (!hold) return;
  if (!usage) return hold.release();
  const r = await ratesOf(rt.database.db, [rateKey.chatIn(model), rateKey.chatOut(model)]);
  await hold.settle(
    tokenCost(usage.inputTokens, r[rateKey.chatIn(model)] ?? 0) +
      tokenCost(usage.outputTokens, r[rateKey.chatOut(model)] ?? 0),
  );
}

/** A live call's hold at a fixed rate (a web search); null when the rate is 0 or for a visitor. */
export async function holdAtRate(rt: Runtime, userId: number | null, kind: CreditKind, key: string) {
  if (userId === null) return null;
  const price = await rateOf(rt.database.db, key);
  return price > 0 ? takeHold(rt, userId, kind, price) : null;
}

/** The tasks priced per piece. */
type TaskKind = 'drawing' | 'song' | 'video';

/** A task's hold at its fixed price (drawing per engine and quality, song, video), kept under the task id. */
export async function holdForTask(rt: Runtime, userId: number, kind: TaskKind, key: string, taskId: string) {
  const price = await rateOf(rt.database.db, key);
  return price > 0 ? takeHold(rt, userId, kind, price, taskId) : null;
}

/** Ends a task's hold, if it has one: charged its price when the task succeeded, else released. */
export async function endTaskHold(rt: Runtime, kind: TaskKind, taskId: string, succeeded: boolean) {
  const id = await holdOf(rt.database.db, kind, taskId);
  if (id === null) return;
  await endHold(rt.database.db, id, succeeded ? Number.MAX_SAFE_INTEGER : null).catch((err: Error) =>
    rt.log.warn('credit hold not ended', { kind, taskId, err: err.message }),
  );
}

/** Most tokens a text may embed as: twice its characters (a CJK character is one or two tokens). */
const EMBED_TOKENS_PER_CHAR = 2;

/** An embedding call's hold: its texts' most tokens at the embedding rate; null at 0 (free). */
export async function holdForEmbedding(rt: Runtime, userId: number, texts: string[]) {
  const rate = await rateOf(rt.database.db, rateKey.embedding);
  if (rate === 0) return null;
  const chars = texts.reduce((n, t) => n + t.length, 0);
  return takeHold(rt, userId, 'embedding', tokenCost(chars * EMBED_TOKENS_PER_CHAR, rate));
}

/** Settles an embedding hold to the tokens the upstream counted. */
export async function settleEmbedding(rt: Runtime, hold: Hold | null, tokens: number) {
  if (hold) await hold.settle(tokenCost(tokens, await rateOf(rt.database.db, rateKey.embedding)));
}
