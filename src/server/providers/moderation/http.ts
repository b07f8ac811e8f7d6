import type { ModerationProvider, ModerationService, Verdict } from './types';

export interface HttpModerationConfig {
  url: string;
  /** Sent as a bearer token when set. */
  secret?: string;
  timeoutMs?: number;
}

/**
 * A moderation service behind one URL. Request: POST JSON
 * `{"texts": [...], "scene": "draw"}`. Reply: `{"verdict": "pass" |
 * "violation" | "sensitive", "reason"?: string}` (`block` and `review` are
 * read as violation and sensitive, for services that speak that way).
 * Anything else throws: a task is never drawn unmoderated.
 */
export function createHttpModeration(cfg: HttpModerationConfig): ModerationService {
  return {
    mode: 'http',
    async check(texts, signal) {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (cfg.secret) headers.authorization = `Bearer ${cfg.secret}`;
      const timeout = AbortSignal.timeout(cfg.timeoutMs ?? 10_000);
      const res = await fetch(cfg.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ texts, scene: 'draw' }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!res.ok) throw new Error(`moderation service answered HTTP ${res.status}`);
      const body = (await res.json()) as { verdict?: unknown; reason?: unknown };
      const reason = typeof body.reason === 'string' ? body.reason.slice(0, 200) : 'moderation service';
      switch (body.verdict) {
        case 'pass':
          return { verdict: 'pass' };
        case 'violation':
        case 'block':
          return { verdict: 'violation', reason };
        case 'sensitive':
        case 'review':
          return { verdict: 'sensitive', reason };
        default:
          throw new Error('moderation service gave no verdict');
      }
    },
  };
}

/** Asks the word list, then the service; the first that objects decides. */
export function chainModeration(first: ModerationProvider, second: ModerationService): ModerationProvider {
  return {
    mode: `${first.mode}+${second.mode}`,
    checkWords: (texts) => first.checkWords(texts),
    async check(texts, signal): Promise<Verdict> {
      const verdict = await first.check(texts, signal);
      return verdict.verdict === 'pass' ? second.check(texts, signal) : verdict;
    },
  };
}
