// Data the budgets are measured with: 30 public pictures for /square and
// POST /api/sd/list/picture, drawn through the real API by a bench user.
// The bench server runs on PostgreSQL, so the user and its session are
// written straight into the database (sign-up has its own tests).
import { openDatabase } from '../src/server/db/client';
import { createSession } from '../src/server/db/queries/sessions';
import { users } from '../src/server/db/schema';

export const PICTURES = 30;

/** Settings the bench server starts with so seeding is quick and unlimited. */
export const SEED_ENV = { DRAW_OFFLINE_STEP_MS: '5', DRAW_FREE_DAILY: '1000', DRAW_MEMBER_DAILY: '1000' };

async function benchUser(databaseUrl: string): Promise<Record<string, string>> {
  const database = await openDatabase({ databaseUrl, dataDir: '/nonexistent' });
  try {
    const [user] = await database.db
      .insert(users)
      .values({ email: `bench-${Date.now()}@example.com` })
      .returning();
    if (!user) throw new Error('no bench user');
    return { authorization: `Bearer ${await createSession(database.db, { userId: user.id })}` };
  } finally {
    await database.close();
  }
}

async function post(base: string, path: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { data?: unknown } };
}

/** Draws PICTURES public pictures one after another; returns a note ('' when done, else why not). */
export async function seedSquare(base: string, databaseUrl: string): Promise<string> {
  const probe = await post(base, '/api/sd/list/picture', { pageNum: 1, pageSize: PICTURES }, {});
  if (probe.status === 404) return 'drawing API not wired yet';
  // Drawing allows 10 submissions a minute per user: a new bench user every 10 pictures.
  let headers: Record<string, string> = {};
  const body = (i: number) => ({ prompt: `长城上的日出，水彩，第 ${i + 1} 张`, drawSteps: 1, drawPublicFlag: 1 });
  for (let i = 0; i < PICTURES; i++) {
    if (i % 10 === 0) headers = await benchUser(databaseUrl);
    // One drawing at a time per user: a refusal while the last one is checked is retried.
    let id: string | undefined;
    let refusal = '';
    for (let tries = 0; !id && tries < 200; tries++) {
      const res = await post(base, '/api/sd/submit/imagine', body(i), headers);
      id = (res.body.mjChatMessage as { id?: string } | undefined)?.id;
      refusal = JSON.stringify(res.body).slice(0, 120);
      if (!id) await new Promise((r) => setTimeout(r, 50));
    }
    if (!id) return `submit ${i + 1} refused: ${refusal}`;
    for (let tries = 0; ; tries++) {
      const task = await post(base, '/api/sd/task', { id }, headers);
      const status = (task.body.data as { status?: number } | undefined)?.status ?? 0;
      // 10 and above are final, except 13 (the picture is still being checked).
      if (status >= 10 && status !== 13) break;
      if (tries > 400) return `picture ${i + 1} did not finish`;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  const listed = await post(base, '/api/sd/list/picture', { pageNum: 1, pageSize: PICTURES }, {});
  const total = (listed.body.data as { total?: number } | undefined)?.total ?? 0;
  return total >= PICTURES ? '' : `only ${total} public pictures after seeding`;
}
