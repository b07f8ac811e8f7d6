import { readdirSync, readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';

const dir = 'src/server/db/migrations';

/** Runs one migration file as drizzle's migrator splits it. */
export async function applyMigration(pg: PGlite, file: string) {
  for (const statement of readFileSync(`${dir}/${file}`, 'utf8').split('--> statement-breakpoint'))
    if (statement.trim()) await pg.exec(statement);
}

/** Every migration before `file`, in order: a database as it was before that release, to seed. */
export async function migrateBefore(pg: PGlite, file: string) {
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith('.sql') && f < file)
    .sort())
    await applyMigration(pg, f);
}
