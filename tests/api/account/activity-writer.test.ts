// A signed-in request notes its activity (docs/console.md, "active users");
// a running server writes it behind the requests, every session's in one
// statement, and what it holds when it stops is written before its database closes.
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/client';
import { users } from '../../../src/server/db/schema';
import { createLogger } from '../../../src/server/log';
import { startServer } from '../../../src/server/server';
import { createTestDatabase, createUserWithToken, testEnv } from '../helpers';

describe('activity written behind the requests', () => {
  it("lands for every session within a second or two, each user's hour once", async () => {
    const database = await createTestDatabase();
    const env = testEnv(database);
    const srv = await startServer(env, createLogger('silent'));
    try {
      const people = await Promise.all(
        Array.from({ length: 6 }, (_, i) => createUserWithToken(srv, `seen-${i}@example.com`)),
      );
      const ids = people.map((p) => p.id);
      await Promise.all(
        people.map((p) => fetch(`${srv.url}/api/user/info`, { headers: p.headers }).then((r) => r.text())),
      );
      const { db } = srv.runtime.database;
      const seen = async () =>
        (await db.select({ at: users.lastSeenAt }).from(users).where(inArray(users.id, ids))).filter((u) => u.at)
          .length;
      await expect.poll(seen, { timeout: 5000 }).toBe(6);
      const hours = (await db.execute(
        sql`select user_id, count(*)::int as n from user_activity where user_id in ${ids} group by user_id`,
      )) as unknown as { rows: { n: number }[] };
      expect(hours.rows.map((r) => r.n)).toEqual([1, 1, 1, 1, 1, 1]);
    } finally {
      await srv.stop(2000);
      await database.drop();
    }
  });

  it('a server that stops writes what it noted before closing its database', async () => {
    const database = await createTestDatabase();
    const env = testEnv(database);
    const srv = await startServer(env, createLogger('silent'));
    let id = 0;
    try {
      const u = await createUserWithToken(srv, 'last-words@example.com');
      id = u.id;
      expect((await fetch(`${srv.url}/api/user/info`, { headers: u.headers })).status).toBe(200);
    } finally {
      await srv.stop(2000);
    }
    const reopened = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    try {
      const [row] = await reopened.db
        .select({ at: users.lastSeenAt })
        .from(users)
        .where(inArray(users.id, [id]));
      expect(row?.at).toBeInstanceOf(Date);
    } finally {
      await reopened.close();
      await database.drop();
    }
  });
});
