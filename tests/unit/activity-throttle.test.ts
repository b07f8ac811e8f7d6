import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { noteActivity, SEEN_EVERY_MS } from '../../src/server/services/account/activity';

/** A database that only counts the activity writes it receives. */
function countingDb() {
  const db = {
    writes: 0,
    async execute() {
      db.writes += 1;
    },
    delete: () => ({ where: async () => {} }),
  };
  return db;
}

describe('activity throttle', () => {
  it('writes a session at most once per interval, counted per database', async () => {
    const a = countingDb();
    const b = countingDb();
    const session = { id: 1, userId: 1 };
    const now = Date.now();
    await noteActivity(a as unknown as Db, session, now);
    await noteActivity(a as unknown as Db, session, now + 1000);
    expect(a.writes).toBe(1);
    // Session ids restart in every database: session 1 of another one is another session.
    await noteActivity(b as unknown as Db, session, now + 1000);
    expect(b.writes).toBe(1);
    await noteActivity(a as unknown as Db, session, now + SEEN_EVERY_MS);
    expect(a.writes).toBe(2);
  });
});
