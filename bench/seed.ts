// Data the budgets are measured with: 30 public pictures for /square and
// POST /api/sd/list/picture, drawn through the real API by bench users, whose
// accounts and sessions are written straight into the database (sign-up has
// its own tests).
import { openDatabase } from '../src/server/db/client';
import { createSession } from '../src/server/db/queries/sessions';
import { users } from '../src/server/db/schema';

export const PICTURES = 30;

/** Settings the bench server starts with so seeding is quick and unlimited. */
export const SEED_ENV = { DRAW_OFFLINE_STEP_MS: '5', DRAW_FREE_DAILY: '1000', DRAW_MEMBER_DAILY: '1000' };

/** Drawing allows 10 submissions a minute per user: a new bench user every 10 pictures. */
const PER_USER = 10;
export const SEED_USERS = Math.ceil(PICTURES / PER_USER);

/**
 * `count` bench users with sessions, written straight into the database (`Authorization`
 * headers). PGlite allows one process: its users are written before the server opens it.
 */
export async function benchUsers(
  where: { databaseUrl: string } | { dataDir: string },
  count = SEED_USERS,
): Promise<Array<Record<string, string>>> {
  const database = await openDatabase('databaseUrl' in where ? { ...where, dataDir: '/nonexistent' } : where);
  try {
    const made = await database.db
      .insert(users)
      .values(Array.from({ length: count }, (_, i) => ({ email: `bench-${Date.now()}-${i}@example.com` })))
      .returning();
    const headers: Array<Record<string, string>> = [];
    for (const u of made)
      headers.push({ authorization: `Bearer ${await createSession(database.db, { userId: u.id })}` });
    return headers;
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

/**
 * Draws PICTURES public pictures one after another, by `seeders` (SEED_USERS of benchUsers);
 * returns a note ('' when done, else why not).
 */
export async function seedSquare(base: string, seeders: Array<Record<string, string>>): Promise<string> {
  const probe = await post(base, '/api/sd/list/picture', { pageNum: 1, pageSize: PICTURES }, {});
  if (probe.status === 404) return 'drawing API not wired yet';
  let headers: Record<string, string> = {};
  const body = (i: number) => ({ prompt: `长城上的日出，水彩，第 ${i + 1} 张`, drawSteps: 1, drawPublicFlag: 1 });
  for (let i = 0; i < PICTURES; i++) {
    if (i % PER_USER === 0) headers = seeders[i / PER_USER] ?? {};
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

/** A conversation of `headers`' user shared and listed, for /share/{id}: its id, or null when the API refused. */
export async function seedShare(base: string, headers: Record<string, string>): Promise<string | null> {
  const messages = [
    { id: 'q1', dateTime: 1, inversion: true, text: '长城有多长？' },
    { id: 'a1', dateTime: 2, inversion: false, text: '**长城**总长约 21,196 千米（2012 年国家文物局公布）。' },
  ];
  const made = await post(base, '/api/chat/shares', { conversationUuid: 1, title: '长城', messages }, headers);
  const id = (made.body.data as { id?: string } | undefined)?.id;
  if (!id) return null;
  const listed = await fetch(`${base}/api/chat/shares/${id}`, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ listed: true }),
  });
  return ((await listed.json()) as { code?: number }).code === 200 ? id : null;
}
