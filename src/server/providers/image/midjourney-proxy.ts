import { type ActionKey, actionKeyOf } from '../../../shared/drawing';
import { downloadImage, isRecord, requestJson } from './http';
import { buttonFor, isGridButtons, MODAL_KEYS, parseButtons } from './midjourney-buttons';
import { type DrawEdit, type DrawHooks, type DrawJob, type ImageProvider, ImageProviderError } from './types';

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

/**
 * midjourney-proxy submit codes (ReturnCode): 1 submitted, 21 already exists (after an action:
 * waiting for the modal), 22 queued, 23 queue full, 24 banned prompt.
 */
const ACCEPTED = new Set([1, 21, 22]);
const WAITING_FOR_MODAL = 21;
const BANNED = 24;
const BANNED_REASON = /banned|sensitive|敏感|违规|moderat|policy/i;

/** The open-source proxy's change actions (POST /mj/submit/change), for the buttons it does not list. */
const CLASSIC: Partial<Record<ActionKey, { action: string; index?: number }>> = {
  'upscale:1': { action: 'UPSCALE', index: 1 },
  'upscale:2': { action: 'UPSCALE', index: 2 },
  'upscale:3': { action: 'UPSCALE', index: 3 },
  'upscale:4': { action: 'UPSCALE', index: 4 },
  'variation:1': { action: 'VARIATION', index: 1 },
  'variation:2': { action: 'VARIATION', index: 2 },
  'variation:3': { action: 'VARIATION', index: 3 },
  'variation:4': { action: 'VARIATION', index: 4 },
  reroll: { action: 'REROLL', index: 0 },
};
/** Task actions whose picture is a 2×2 grid. */
const GRID_TASKS = new Set(['IMAGINE', 'VARIATION', 'REROLL', 'BLEND']);

/** The prompt without any Midjourney parameters the user typed (ours are appended). */
const barePrompt = (job: DrawJob) => job.prompt.replace(/\s+--\S+.*$/s, '').trim();

/** The prompt with Midjourney parameters for ratio, seed, quality and the negative prompt. */
export function midjourneyPrompt(job: DrawJob): string {
  const parts = [barePrompt(job), `--ar ${job.aspect}`, `--seed ${job.seed}`];
  if (job.quality === 3) parts.push('--q 2');
  if (job.negativePrompt) parts.push(`--no ${job.negativePrompt.replace(/--/g, ' ')}`);
  return parts.join(' ');
}

/** The prompt of a custom zoom's modal: Midjourney reads the factor (and keeps the ratio) from its parameters. */
export function customZoomPrompt(job: DrawJob, zoom: number): string {
  return `${barePrompt(job)} --ar ${job.aspect} --zoom ${zoom}`;
}

/** The action key an edit presses (shared/drawing.ts). */
function keyOf(edit: DrawEdit): ActionKey | null {
  return actionKeyOf({
    action: edit.action,
    index: edit.index ?? undefined,
    strength: edit.strength ?? undefined,
    zoom: edit.zoom ?? undefined,
    direction: edit.direction ?? undefined,
  });
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
 * An action presses the parent task's button (POST /mj/submit/action); custom
 * zoom and vary region then fill Midjourney's modal (POST /mj/submit/modal).
 * A finished task hands back its buttons, kept to act on the picture later.
 */
export function createMidjourneyProxyProvider(cfg: MidjourneyProxyConfig): ImageProvider {
  const base = `${cfg.baseUrl.replace(/\/+$/, '')}/mj`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (cfg.secret) headers['mj-api-secret'] = cfg.secret;
  if (cfg.secret && cfg.plus) headers.authorization = `Bearer ${cfg.secret}`;
  const bot = cfg.plus ? { botType: 'MID_JOURNEY' } : {};

  /** POSTs a submission; its task id, code and whether Midjourney's remix modal waits. */
  async function post(path: string, body: Record<string, unknown>, signal: AbortSignal) {
    const reply = await requestJson(`${base}/submit/${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal,
    });
    if (!isRecord(reply) || typeof reply.code !== 'number')
      throw new ImageProviderError('failed', 'midjourney-proxy gave no submit code');
    const description = String(reply.description ?? '');
    if (reply.code === BANNED) throw new ImageProviderError('violation', description || 'banned prompt');
    // Any other refusal of a new drawing (queue full, no account, no credit) is the upstream's
    // state: another channel may take it. An action belongs to the channel holding its parent.
    if (!ACCEPTED.has(reply.code) || reply.result === undefined || reply.result === null)
      throw new ImageProviderError(
        'failed',
        `midjourney-proxy refused the ${path} (${reply.code}): ${description}`,
        path === 'imagine',
      );
    const remix = isRecord(reply.properties) && reply.properties.remix === true;
    return { id: String(reply.result), code: reply.code, remix };
  }

  function imagine(job: DrawJob, hooks: DrawHooks) {
    return post(
      'imagine',
      {
        prompt: midjourneyPrompt(job),
        base64Array: job.references.map((b) => `data:image/png;base64,${b.toString('base64')}`),
        notifyHook: hooks.notifyHook,
        state: job.taskId,
        ...bot,
      },
      hooks.signal,
    );
  }

  /** Fills the modal an action opened (custom zoom, vary region, or any button under remix). */
  async function fillModal(job: DrawJob, edit: DrawEdit, id: string, hooks: DrawHooks): Promise<string> {
    const key = keyOf(edit);
    const body: Record<string, unknown> = { taskId: id, prompt: job.prompt };
    if (key === 'zoom:custom') body.prompt = customZoomPrompt(job, edit.zoom ?? 2);
    else if (key === 'inpaint') {
      if (!edit.mask) throw new ImageProviderError('failed', 'vary region needs a mask');
      // Midjourney repaints the mask's white area, as ours means.
      body.maskBase64 = `data:image/png;base64,${edit.mask.toString('base64')}`;
    } else body.prompt = `${barePrompt(job)} --ar ${job.aspect}`;
    const filled = await post('modal', body, hooks.signal);
    if (filled.id !== id) await hooks.rememberProviderTaskId(filled.id);
    return filled.id;
  }

  /** Presses the parent's button for the edit; the new task's id, its modal filled if one opened. */
  async function press(job: DrawJob, edit: DrawEdit, hooks: DrawHooks): Promise<string> {
    const key = keyOf(edit);
    const classic = key ? CLASSIC[key] : undefined;
    if (classic && edit.parentButtons.length === 0 && edit.parentProviderTaskId) {
      // The open-source proxy lists no buttons: U, V and reroll go through /mj/submit/change.
      const changed = await post(
        'change',
        { ...classic, taskId: edit.parentProviderTaskId, notifyHook: hooks.notifyHook, state: job.taskId },
        hooks.signal,
      );
      await hooks.rememberProviderTaskId(changed.id);
      return changed.id;
    }
    const button = key ? buttonFor(key, edit.parentButtons) : null;
    if (!key || !button)
      throw new ImageProviderError('failed', `the picture offers no midjourney-proxy button for ${key ?? edit.action}`);
    if (!edit.parentProviderTaskId)
      throw new ImageProviderError('failed', 'the picture has no midjourney-proxy task to act on');
    const pressed = await post(
      'action',
      {
        customId: button.customId,
        taskId: edit.parentProviderTaskId,
        chooseSameChannel: true,
        notifyHook: hooks.notifyHook,
        state: job.taskId,
        ...bot,
      },
      hooks.signal,
    );
    await hooks.rememberProviderTaskId(pressed.id);
    const modal = MODAL_KEYS.has(key) || (pressed.code === WAITING_FOR_MODAL && pressed.remix);
    return modal ? fillModal(job, edit, pressed.id, hooks) : pressed.id;
  }

  return {
    mode: 'midjourney-proxy',
    async draw(job, hooks) {
      let id = hooks.providerTaskId;
      // A resumed action whose modal was not filled yet finds its task waiting in MODAL.
      let modalFilled = !id;
      if (!id) {
        if (job.edit) id = await press(job, job.edit, hooks);
        else {
          id = (await imagine(job, hooks)).id;
          await hooks.rememberProviderTaskId(id);
        }
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
          const buttons = parseButtons(task.buttons);
          const image = await downloadImage(String(task.imageUrl ?? ''), hooks.signal);
          // Without buttons (the open-source proxy) the task's action says whether it drew four candidates.
          const grid = buttons.length > 0 ? isGridButtons(buttons) : GRID_TASKS.has(String(task.action ?? ''));
          return { image, buttons, grid };
        }
        if (status === 'FAILURE' || status === 'CANCEL') {
          const reason = String(task.failReason ?? 'failed');
          throw new ImageProviderError(BANNED_REASON.test(reason) ? 'violation' : 'failed', reason);
        }
        if (status === 'MODAL' && job.edit && !modalFilled) {
          modalFilled = true;
          id = await fillModal(job, job.edit, id, hooks);
          continue;
        }
        if (status === 'IN_PROGRESS') await hooks.progress(parseProgress(task.progress));
        await hooks.wait(cfg.pollMs);
      }
    },
  };
}
