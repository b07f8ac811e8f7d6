import { expect } from 'vitest';
import type { Db } from '../../../src/server/db/client';
import { checkBooks } from '../../../src/server/services/credits/book';
import { replaceRates } from '../../../src/server/services/credits/rates';
import type { TestServer } from '../helpers';

/** The double-entry invariant: every test calls it after its work (races above all). */
export async function expectBooksBalanced(db: Db) {
  expect(await checkBooks(db)).toEqual([]);
}

/** Sets the console's rates straight in the database (the console route is tested on its own). */
export const setRates = (srv: TestServer, rates: Record<string, number>) =>
  replaceRates(srv.runtime.database.db, rates);

export const balanceOf = async (srv: TestServer, headers: Record<string, string>) =>
  (await srv.call('GET', '/api/credits', undefined, headers)).body.data as {
    balance: number;
    held: number;
    streak: number;
    checkedInToday: boolean;
    nextReward: number;
  };
