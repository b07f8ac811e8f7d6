import { asc } from 'drizzle-orm';
import { usageLedger } from '../../../src/server/db/schema';
import type { TestServer } from '../helpers';

/** Every ledger row of the server, oldest first. */
export const ledgerRows = (srv: TestServer) =>
  srv.runtime.database.db.select().from(usageLedger).orderBy(asc(usageLedger.id));
