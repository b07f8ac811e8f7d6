import { expect } from 'vitest';
import type { Runtime } from '../../../src/server/runtime';
import { startTestServer, type TestServer } from '../helpers';

/** Fast defaults for drawing tests: 20 steps of the offline renderer in ~0.5 s. */
export const DRAW_TEST_ENV = { DRAW_OFFLINE_STEP_MS: '25', DRAW_FREE_DAILY: '50' };

export async function startDrawServer(env: Record<string, string> = {}): Promise<TestServer> {
  const all = { ...DRAW_TEST_ENV, ...env };
  return startTestServer(all);
}

export interface Published {
  taskId: string;
  message: { code: number; mjChatMessage?: { id: string; status: number; progress: number; imageUrl?: string } };
  userId?: number;
}

/** Records every push the hub publishes (and still delivers it). */
export function recordPushes(rt: Runtime): Published[] {
  const seen: Published[] = [];
  const original = rt.hub.publish.bind(rt.hub);
  rt.hub.publish = async (taskId, message, opts) => {
    seen.push({ taskId, message: message as Published['message'], userId: opts?.userId });
    return original(taskId, message, opts);
  };
  return seen;
}

export const statusesOf = (pushes: Published[], taskId: string) =>
  pushes.filter((p) => p.taskId === taskId).map((p) => p.message.mjChatMessage?.status);

/** Submits a drawing and expects it accepted; returns the drawing message. */
export async function submit(srv: TestServer, headers: Record<string, string>, body: Record<string, unknown>) {
  const res = await srv.call('POST', '/api/sd/submit/imagine', { drawRate: '1:1', ...body }, headers);
  expect(res.body.code, JSON.stringify(res.body)).toBe(1000000);
  return res.body.mjChatMessage as { id: string; status: number; prompt: string };
}

/** Polls the owner's view of a task until its status is final (or `statuses`). */
export async function waitForStatus(
  srv: TestServer,
  headers: Record<string, string>,
  id: string,
  statuses: number[] = [10, 11, 12, 14],
  timeoutMs = 15_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await srv.call('POST', '/api/sd/task', { id }, headers);
    if (statuses.includes(res.body.data?.status)) return res.body.data;
    if (Date.now() > until) throw new Error(`task ${id} stayed at ${JSON.stringify(res.body.data)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
