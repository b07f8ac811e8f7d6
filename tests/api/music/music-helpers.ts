import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { MusicEnv } from '../../../src/server/config/music';
import { users } from '../../../src/server/db/schema';
import { startTestServer, type TestServer } from '../helpers';

export type MusicSettings = Partial<Record<keyof MusicEnv, string>>;

/** A test server whose music worker looks for tasks every 100 ms. */
export function startMusicServer(music: MusicSettings = {}): Promise<TestServer> {
  return startTestServer({ MUSIC_POLL_MS: '100', ...music });
}

/** Polls the detail until the song reaches a final status (10 or 11). */
export async function waitForSong(srv: TestServer, id: string, headers: Record<string, string>, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await srv.call('GET', `/api/music/detail?id=${id}`, undefined, headers);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    if (res.body.data.status >= 10) return res.body.data;
    if (Date.now() > until) throw new Error(`song ${id} still at ${JSON.stringify(res.body.data)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const inspiration = (prompt: string, extra: Record<string, unknown> = {}) => ({
  mode: 'inspiration',
  prompt,
  ...extra,
});

/** Sets a user's compositions left. */
export const giveCompositions = (srv: TestServer, id: number, n: number) =>
  srv.runtime.database.db.update(users).set({ compositionsLeft: n }).where(eq(users.id, id));
