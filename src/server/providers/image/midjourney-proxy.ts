import { downloadImage, isRecord, requestJson } from './http';
import { type DrawHooks, type DrawJob, type ImageProvider, ImageProviderError } from './types';

export interface MidjourneyProxyConfig {
  /** Base URL of midjourney-proxy (…/mj is appended). */
  baseUrl: string;
  /** Sent as `mj-api-secret` when the proxy is protected. */
  secret?: string;
  /**
   * MJ-Plus (midjourney-proxy-plus and the relays selling it, e.g. new-api): the secret also
   * goes as `Authorization: Bearer` (relays read that first, the plus server `mj-api-secret`),
   * the body names the bot, and a task may end as CANCEL. The paths are the same; a relay's
   * speed prefix (…/mj-fast) belongs in the base URL.
   */
  plus?: boolean;
  /** Task fetch interval while no notifyHook call arrives. */
  pollMs: number;
}

/** midjourney-proxy submit codes (ReturnCode): 1 submitted, 21 already exists, 22 queued, 23 queue full, 24 banned prompt. */
const ACCEPTED = new Set([1, 21, 22]);
const BANNED = 24;
const BANNED_REASON = /banned|sensitive|敏感|违规|moderat|policy/i;

/** The prompt with Midjourney parameters for ratio, seed, quality and the negative prompt. */
export function midjourneyPrompt(job: DrawJob): string {
  const parts = [job.prompt.replace(/\s+--\S+.*$/s, '').trim(), `--ar ${job.aspect}`, `--seed ${job.seed}`];
  if (job.quality === 3) parts.push('--q 2');
  if (job.negativePrompt) parts.push(`--no ${job.negativePrompt.replace(/--/g, ' ')}`);
  return parts.join(' ');
}

/** Our progress from the proxy's "45%" (or a number). */
export function parseProgress(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? '0'));
  return Number.isFinite(n) ? Math.max(0, Math.min(100, Math.round(n))) : 0;
}

/**
 * midjourney-proxy adapter: POST /mj/submit/imagine with our notifyHook and
 * the task id as `state`, then GET /mj/task/{id}/fetch until SUCCESS or
 * FAILURE, woken early whenever the proxy calls the notifyHook. The proxy's
 * task id is saved, so a resumed task keeps polling instead of drawing twice.
 */
export function createMidjourneyProxyProvider(cfg: MidjourneyProxyConfig): ImageProvider {
  const base = `${cfg.baseUrl.replace(/\/+$/, '')}/mj`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (cfg.secret) headers['mj-api-secret'] = cfg.secret;
  if (cfg.secret && cfg.plus) headers.authorization = `Bearer ${cfg.secret}`;

  async function submit(job: DrawJob, hooks: DrawHooks): Promise<string> {
    const body = {
      prompt: midjourneyPrompt(job),
      base64Array: job.references.map((b) => `data:image/png;base64,${b.toString('base64')}`),
      notifyHook: hooks.notifyHook,
      state: job.taskId,
      ...(cfg.plus ? { botType: 'MID_JOURNEY' } : {}),
    };
    const reply = await requestJson(`${base}/submit/imagine`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: hooks.signal,
    });
    if (!isRecord(reply) || typeof reply.code !== 'number')
      throw new ImageProviderError('failed', 'midjourney-proxy gave no submit code');
    const description = String(reply.description ?? '');
    if (reply.code === BANNED) throw new ImageProviderError('violation', description || 'banned prompt');
    // Any other refusal (queue full, no account, no credit) is the upstream's state: another channel may take it.
    if (!ACCEPTED.has(reply.code) || reply.result === undefined || reply.result === null)
      throw new ImageProviderError('failed', `midjourney-proxy refused the task (${reply.code}): ${description}`, true);
    return String(reply.result);
  }

  return {
    mode: 'midjourney-proxy',
    async draw(job, hooks) {
      let id = hooks.providerTaskId;
      if (!id) {
        id = await submit(job, hooks);
        await hooks.rememberProviderTaskId(id);
      }
      for (;;) {
        const task = await requestJson(`${base}/task/${encodeURIComponent(id)}/fetch`, {
          headers,
          signal: hooks.signal,
          timeoutMs: 30_000,
        });
        if (!isRecord(task)) throw new ImageProviderError('failed', 'midjourney-proxy no longer knows the task');
        const status = String(task.status ?? '');
        if (status === 'SUCCESS') {
          await hooks.progress(100);
          return { image: await downloadImage(String(task.imageUrl ?? ''), hooks.signal) };
        }
        if (status === 'FAILURE' || status === 'CANCEL') {
          const reason = String(task.failReason ?? 'failed');
          throw new ImageProviderError(BANNED_REASON.test(reason) ? 'violation' : 'failed', reason);
        }
        if (status === 'IN_PROGRESS') await hooks.progress(parseProgress(task.progress));
        await hooks.wait(cfg.pollMs);
      }
    },
  };
}
