import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { videos } from '../../../src/server/db/schema';
import {
  createTestDatabase,
  createUserWithToken,
  startTestServerOn,
  type TestServer,
  until,
  withDatabase,
} from '../helpers';
import { VIDEO_TEST_ENV, waitForVideo } from './video-helpers';

// Long enough (48 frames of 288×160) that the process is stopped while the clip is still being made.
const SLOW = {
  ...VIDEO_TEST_ENV,
  VIDEO_OFFLINE_SHORT_SIDE: '160',
  VIDEO_OFFLINE_FPS: '24',
  VIDEO_OFFLINE_MAX_SECONDS: '2',
};

describe('a restart resumes unfinished videos', () => {
  it('a video being made when its process stops is finished by the next one', async () => {
    const database = await createTestDatabase();
    let first: TestServer | undefined = await startTestServerOn(database, SLOW);
    let second: TestServer | undefined;
    try {
      const u = await createUserWithToken(first, 'restart@example.com');
      const id: string = (await first.call('POST', '/api/video/submit', { prompt: '星空下的小镇' }, u.headers)).body
        .data.id;
      const srv = first;
      await until(
        'the video generating',
        async () => {
          const d = (await srv.call('GET', `/api/video/detail?id=${id}`, undefined, u.headers)).body.data;
          return d.status === 2 ? d : undefined;
        },
        20_000,
        20,
      );
      await first.dispose();
      first = undefined;
      const stopped = await withDatabase(
        database,
        async (db) => (await db.select().from(videos).where(eq(videos.taskId, id)))[0],
      );
      // Stopped mid-run: still running, its lease given back, no file yet.
      expect(stopped).toMatchObject({ status: 2, leaseUntil: null, videoUrl: null, attempts: 1 });

      second = await startTestServerOn(database, SLOW);
      const done = await waitForVideo(second, id, u.headers, 60_000);
      expect(done).toMatchObject({ status: 10, progress: 100, seconds: 2 });
      const [row] = await second.runtime.database.db.select().from(videos).where(eq(videos.taskId, id));
      expect(row?.attempts).toBe(2);
      expect((await fetch(second.url + done.videoUrl)).status).toBe(200);
    } finally {
      await first?.dispose();
      await second?.dispose();
      await database.drop();
    }
  }, 120_000);

  it('resumes a video whose worker died once its lease runs out, and leaves a live lease alone', async () => {
    const database = await createTestDatabase();
    const srv = await startTestServerOn(database, VIDEO_TEST_ENV);
    try {
      await srv.runtime.jobs.video.stop();
      const u = await createUserWithToken(srv, 'lease@example.com');
      const id: string = (await srv.call('POST', '/api/video/submit', { prompt: '深夜的城市' }, u.headers)).body.data
        .id;
      const db = srv.runtime.database.db;
      await db
        .update(videos)
        .set({ status: 2, progress: 40, claimToken: 'dead', attempts: 1, leaseUntil: new Date(Date.now() + 60_000) })
        .where(eq(videos.taskId, id));
      srv.runtime.jobs.video.start();
      await new Promise((r) => setTimeout(r, 500));
      expect((await db.select().from(videos).where(eq(videos.taskId, id)))[0]?.claimToken).toBe('dead');
      await db
        .update(videos)
        .set({ leaseUntil: new Date(Date.now() - 1000) })
        .where(eq(videos.taskId, id));
      expect((await waitForVideo(srv, id, u.headers)).status).toBe(10);
      const [row] = await db.select().from(videos).where(eq(videos.taskId, id));
      expect(row).toMatchObject({ attempts: 2, claimToken: null });
    } finally {
      await srv.dispose();
      await database.drop();
    }
  }, 60_000);
});
