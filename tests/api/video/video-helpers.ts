import { expect } from 'vitest';
import type { TestServer } from '../helpers';

/** Short, small clips: a test checks the task's life, the offline engine has its own tests. */
export const VIDEO_TEST_ENV = {
  VIDEO_POLL_MS: '100',
  VIDEO_OFFLINE_SHORT_SIDE: '64',
  VIDEO_OFFLINE_FPS: '8',
  VIDEO_OFFLINE_MAX_SECONDS: '1',
};

/** Polls the detail until the video reaches a final status (10 or 11). */
export async function waitForVideo(srv: TestServer, id: string, headers: Record<string, string>, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await srv.call('GET', `/api/video/detail?id=${id}`, undefined, headers);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    if (res.body.data.status >= 10) return res.body.data;
    if (Date.now() > until) throw new Error(`video ${id} still at ${JSON.stringify(res.body.data)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
