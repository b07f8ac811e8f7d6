// Authorization matrix: for every kind of object a user owns, another user
// (and a visitor) can neither read, change, delete, pay nor hear its pushes.
// Each refused attempt must also leave the object exactly as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallResult, createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { isConnected, openSocket } from '../socket-helpers';
import { type OwnedKind, ownedKinds, type User } from './authorization-kinds';

let srv: TestServer;
let alice: User;
let bob: User;
const visitor: User = { id: 0, token: '', headers: {} };
let routes: Set<string>;

beforeAll(async () => {
  srv = await startTestServer({
    IP_LIMIT_SCALE: '100',
    MUSIC_POLL_MS: '100',
    MUSIC_FREE_DAILY: '50',
    MUSIC_MEMBER_FREE_DAILY: '50',
    // The offline painter's steps, quick: the matrix waits for each drawing to finish before snapshotting it.
    DRAW_OFFLINE_STEP_MS: '1',
  });
  alice = await createUserWithToken(srv, 'alice-owner@example.com');
  bob = await createUserWithToken(srv, 'bob-intruder@example.com');
  const doc = (await srv.call('GET', '/api/openapi.json')).body as { paths: Record<string, unknown> };
  routes = new Set(Object.keys(doc.paths));
  for (const kind of ownedKinds) await kind.prepare?.(srv, alice);
});
afterAll(() => srv?.dispose());

const SUCCESS = new Set([200, 1000000, 1000400]);
const succeeded = (res: CallResult) => res.status < 300 && SUCCESS.has(res.body?.code);

describe.each(ownedKinds)('$name', (kind: OwnedKind) => {
  // A renamed or removed route fails here instead of quietly turning its ownership check off.
  const expectRoutes = () =>
    expect(
      kind.routes.filter((r) => !routes.has(r)),
      'routes missing from /api/openapi.json',
    ).toEqual([]);

  const actions = (['read', 'change', 'delete', 'pay'] as const).filter((a) => kind[a]);
  for (const action of actions)
    it(`another user or a visitor cannot ${action} it`, async () => {
      expectRoutes();
      const attempt = kind[action];
      if (!attempt) throw new Error(`no ${action} attempt`);
      const obj = await kind.create(srv, alice);
      const before = await kind.snapshot(srv, obj);
      for (const intruder of [bob, visitor]) {
        const res = await attempt(srv, obj, intruder);
        const who = intruder.id ? 'another user' : 'a visitor';
        const ownCopy = kind.ownNamespace && intruder.id !== 0 && action !== 'read';
        if (!ownCopy) expect(succeeded(res), `${action} by ${who}: ${JSON.stringify(res.body)}`).toBe(false);
        expect(res.status).toBeLessThan(500);
        expect(await kind.snapshot(srv, obj), `${action} changed nothing`).toEqual(before);
      }
      // The owner can, so the refusal above is about who asks, not a broken route.
      if (kind.ownerCan?.includes(action)) expect(succeeded(await attempt(srv, obj, alice))).toBe(true);
    });

  it.skipIf(!kind.listedFor)('is not in another user’s lists', async () => {
    expectRoutes();
    if (!kind.listedFor) throw new Error('no list check');
    const obj = await kind.create(srv, alice);
    expect(await kind.listedFor(srv, alice, obj)).toBe(true);
    expect(await kind.listedFor(srv, bob, obj)).toBe(false);
  });

  it.skipIf(!kind.push)('its pushes reach only the owner’s socket', async () => {
    expectRoutes();
    if (!kind.push) throw new Error('no push check');
    const obj = await kind.create(srv, alice);
    const taskId = kind.push.taskId(obj);
    for (const token of [bob.token, '', 'forged-token']) {
      const intruder = await openSocket(srv.url, token ? { taskId, token } : { taskId });
      expect((await intruder.closed).code).toBe(4403);
    }
    const owner = await openSocket(srv.url, { taskId, token: alice.token });
    await owner.next(isConnected);
    await kind.push.trigger(srv, obj);
    await owner.next((m) => !isConnected(m), 5000);
    owner.ws.close();
  });
});

describe('sessions', () => {
  it('a token acts only as its own user, and logging out ends only that session', async () => {
    const carol = await createUserWithToken(srv, 'carol-session@example.com');
    const dave = await createUserWithToken(srv, 'dave-session@example.com');
    const info = async (u: User) => srv.call('GET', '/api/user/info', undefined, u.headers);
    const carolInfo = await info(carol);
    expect(carolInfo.body.data.email).toBe('carol-session@example.com');
    expect((await info(dave)).body.data.email).toBe('dave-session@example.com');
    expect(succeeded(await srv.call('POST', '/api/user/logout', undefined, dave.headers))).toBe(true);
    expect(succeeded(await info(dave))).toBe(false);
    expect((await info(carol)).body.data.email).toBe('carol-session@example.com');
    // A token that is almost right (one character changed) is no token.
    const last = carol.token.at(-1) === 'A' ? 'B' : 'A';
    const forged = { authorization: `Bearer ${carol.token.slice(0, -1)}${last}` };
    expect(succeeded(await srv.call('GET', '/api/user/info', undefined, forged))).toBe(false);
    // Deleting "an" account deletes the caller's own: carol is untouched by dave's (revoked) token.
    const del = await srv.call('POST', '/api/user/delete', { password: 'secret123' }, dave.headers);
    expect(succeeded(del)).toBe(false);
    expect((await info(carol)).body.data.email).toBe('carol-session@example.com');
  });
});
