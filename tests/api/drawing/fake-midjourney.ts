import { json, listen, readBody, samplePng } from './fake-image-services';

export interface MjTask {
  id: string;
  action: string;
  prompt: string;
  state: string;
  status: 'NOT_START' | 'SUBMITTED' | 'MODAL' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE';
  progress: string;
  imageUrl: string | null;
  failReason: string | null;
  buttons: Array<{ customId: string; label: string; emoji: string; style: number; type: number }>;
}

const button = (customId: string, label: string) => ({ customId, label, emoji: '', style: 2, type: 2 });

/** What Midjourney offers on a grid (U1–U4, reroll, V1–V4) and on an upscaled picture. */
function mjButtons(hash: string, grid: boolean) {
  if (grid)
    return [
      ...[1, 2, 3, 4].map((i) => button(`MJ::JOB::upsample::${i}::${hash}`, `U${i}`)),
      button(`MJ::JOB::reroll::0::${hash}::SOLO`, ''),
      ...[1, 2, 3, 4].map((i) => button(`MJ::JOB::variation::${i}::${hash}`, `V${i}`)),
    ];
  return [
    button(`MJ::JOB::upsample_v6_2x_subtle::1::${hash}::SOLO`, 'Upscale (Subtle)'),
    button(`MJ::JOB::high_variation::1::${hash}::SOLO`, 'Vary (Strong)'),
    button(`MJ::JOB::low_variation::1::${hash}::SOLO`, 'Vary (Subtle)'),
    button(`MJ::Inpaint::1::${hash}::SOLO`, 'Vary (Region)'),
    button(`MJ::Outpaint::50::1::${hash}::SOLO`, 'Zoom Out 2x'),
    button(`MJ::Outpaint::75::1::${hash}::SOLO`, 'Zoom Out 1.5x'),
    button(`MJ::CustomZoom::${hash}`, 'Custom Zoom'),
    ...['left', 'right', 'up', 'down'].map((d) => button(`MJ::JOB::pan_${d}::1::${hash}::SOLO`, '')),
  ];
}

/**
 * midjourney-proxy's wire format (novicezk/midjourney-proxy, MJ-Plus for actions): submit/imagine
 * and submit/action answer {code, description, result}; task/{id}/fetch the task with its
 * buttons; progress is posted to the notifyHook. The prompt picks the behaviour: 'banned' (code
 * 24), 'hang' (stays in progress), 'fail' (FAILURE), anything else succeeds. An action on a
 * Vary (Region) or Custom Zoom button answers 21 and waits in MODAL for submit/modal.
 */
export async function startFakeMidjourney(
  secret = 'mj-secret',
  images?: { url: string },
  /** The open-source proxy: tasks list no buttons; U, V and reroll go through submit/change. */
  opts: { classic?: boolean } = {},
) {
  const tasks = new Map<string, MjTask>();
  const hooks = new Map<string, string>();
  const submits: Array<Record<string, unknown>> = [];
  const actions: Array<Record<string, unknown>> = [];
  const modals: Array<Record<string, unknown>> = [];
  const changes: Array<Record<string, unknown>> = [];
  const fetches: string[] = [];
  const hookCalls: number[] = [];
  let seq = 1320098173412546;
  const png = await samplePng('#cc6633', 128, 128);

  /** Moves a task to SUCCESS (or FAILURE / forever in progress), telling its notifyHook each step. */
  async function run(task: MjTask, grid: boolean) {
    const hook = hooks.get(task.id) ?? '';
    const step = async (patch: Partial<MjTask>, delay: number) => {
      await new Promise((r) => setTimeout(r, delay));
      Object.assign(task, patch);
      if (hook)
        hookCalls.push(
          (
            await fetch(hook, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(task),
            })
          ).status,
        );
    };
    await step({ status: 'IN_PROGRESS', progress: '35%' }, 60);
    if (task.prompt.includes('hang')) return;
    if (task.prompt.includes('fail')) return step({ status: 'FAILURE', failReason: 'Midjourney job failed' }, 60);
    await step({ progress: '80%' }, 60);
    // On the image host: 'notimage' prompts get text posing as a PNG, 'gone' ones a 404.
    const folder = task.prompt.includes('notimage') ? 'text' : task.prompt.includes('gone') ? 'gone' : 'img';
    const imageUrl = `${images?.url ?? srv.url}/${folder}/${task.id}.png`;
    const buttons = opts.classic ? [] : mjButtons(`hash-${task.id}`, grid);
    await step({ status: 'SUCCESS', progress: '100%', imageUrl, buttons }, 60);
  }

  function newTask(action: string, prompt: string, body: Record<string, unknown>): MjTask {
    const id = String(seq++);
    const state = String(body.state ?? '');
    const task: MjTask = {
      id,
      action,
      prompt,
      state,
      status: 'SUBMITTED',
      progress: '0%',
      imageUrl: null,
      failReason: null,
      buttons: [],
    };
    tasks.set(id, task);
    hooks.set(id, String(body.notifyHook ?? ''));
    return task;
  }

  const srv = await listen(async (req, res) => {
    const url = req.url ?? '';
    if (url.startsWith('/img/')) return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.headers['mj-api-secret'] !== secret) return json(res, 401, { code: 401, description: 'unauthorized' });
    const submit = /^\/mj\/submit\/(imagine|action|modal|change)$/.exec(url)?.[1];
    if (req.method === 'POST' && submit === 'change') {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      changes.push(body);
      const parent = tasks.get(String(body.taskId));
      const action = String(body.action);
      if (parent?.status !== 'SUCCESS' || !['UPSCALE', 'VARIATION', 'REROLL'].includes(action))
        return json(res, 200, { code: 4, description: '关联任务状态错误', result: null });
      const task = newTask(action, parent.prompt, body);
      json(res, 200, { code: 1, description: '提交成功', properties: {}, result: task.id });
      return run(task, action !== 'UPSCALE');
    }
    if (req.method === 'POST' && submit) {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      (submit === 'imagine' ? submits : submit === 'action' ? actions : modals).push(body);
      if (submit === 'modal') {
        const task = tasks.get(String(body.taskId));
        if (task?.status !== 'MODAL') return json(res, 200, { code: 4, description: '任务状态错误', result: null });
        task.prompt = String(body.prompt ?? task.prompt);
        json(res, 200, { code: 1, description: '提交成功', properties: {}, result: task.id });
        return run(task, true);
      }
      if (submit === 'action') {
        const parent = tasks.get(String(body.taskId));
        const customId = String(body.customId ?? '');
        if (parent?.status !== 'SUCCESS') return json(res, 404, { code: 3, description: '关联任务不存在或已失效' });
        if (!parent.buttons.some((b) => b.customId === customId))
          return json(res, 200, { code: 4, description: 'customId不存在', result: null });
        const task = newTask('ACTION', parent.prompt, body);
        if (/^MJ::(Inpaint|CustomZoom)::/.test(customId)) {
          task.status = 'MODAL';
          return json(res, 200, { code: 21, description: 'Waiting for window confirm', result: task.id });
        }
        json(res, 200, { code: 1, description: '提交成功', properties: {}, result: task.id });
        return run(task, !/^MJ::JOB::upsample(::|_v)/.test(customId));
      }
      const prompt = String(body.prompt);
      if (prompt.includes('banned')) return json(res, 200, { code: 24, description: '可能包含敏感词', result: null });
      const task = newTask('IMAGINE', prompt, body);
      json(res, 200, { code: 1, description: '提交成功', properties: {}, result: task.id });
      return run(task, true);
    }
    const m = /^\/mj\/task\/([^/]+)\/fetch$/.exec(url);
    if (req.method === 'GET' && m?.[1]) {
      fetches.push(m[1]);
      const task = tasks.get(m[1]);
      return task ? json(res, 200, task) : json(res, 404, null);
    }
    json(res, 404, { code: 3, description: 'not found' });
  });
  return { ...srv, secret, tasks, submits, actions, modals, changes, fetches, hookCalls };
}
