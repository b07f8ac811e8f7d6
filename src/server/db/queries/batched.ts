import DataLoader from 'dataloader';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../client';

/** One statement's inputs at most: its parameters stay small. */
const MAX_BATCH = 200;

/** Answers one output per input, in order, in one statement. */
export type BatchLoad<In, Out> = (db: Db, inputs: readonly In[]) => Promise<Out[]>;

// Keyed by the database handle, like prepared queries (prepared.ts).
const loaders = new WeakMap<Db, Map<string, DataLoader<unknown, unknown>>>();

/**
 * The hottest statements (a session's lookup, a rate limit's count, a new
 * order) of many requests at once run as one statement: under load a server
 * spent most of its time per request handing statements to PostgreSQL one by
 * one. Requests read from their sockets in the same turn of the event loop
 * share a statement (DataLoader, scheduled with setImmediate, which runs after
 * that turn's reads); a request alone waits for nothing but that turn.
 *
 * `load` must give each input the answer it would have had alone. When the
 * shared statement fails, it wrote nothing; each input then runs on its own,
 * so one bad input fails only its own request. A transaction runs its
 * statements one after another on its own connection: there, `load` runs at
 * once for the one input.
 */
export function batched<In, Out>(db: Db, name: string, load: BatchLoad<In, Out>): (input: In) => Promise<Out> {
  if ((db as unknown) instanceof PgTransaction) return (input) => alone(db, load, input);
  let byName = loaders.get(db);
  if (!byName) {
    byName = new Map();
    loaders.set(db, byName);
  }
  let loader = byName.get(name) as DataLoader<In, Out> | undefined;
  if (!loader) {
    loader = new DataLoader<In, Out>(
      async (inputs) => {
        try {
          return await load(db, inputs);
        } catch (err) {
          if (inputs.length === 1) throw err;
          // DataLoader rejects exactly the callers whose slot holds an Error.
          return Promise.all(inputs.map((input) => alone(db, load, input).catch(asError)));
        }
      },
      { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (run) => setImmediate(run) },
    );
    byName.set(name, loader as DataLoader<unknown, unknown>);
  }
  const l = loader;
  return (input) => l.load(input);
}

async function alone<In, Out>(db: Db, load: BatchLoad<In, Out>, input: In): Promise<Out> {
  const [out] = await load(db, [input]);
  return out as Out;
}

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));
