/**
 * Moving and checking the stored files (docs/deploy.md "Object storage"):
 *
 *   npm run storage -- migrate --to s3      copies every file rows point at from DATA_DIR/files to the bucket
 *   npm run storage -- migrate --to local   … and back (leaving an S3 store)
 *   npm run storage -- check [--in local|s3]  lists rows whose file is missing (exit code 1 when any is)
 *
 * Rows store `/files/<key>` under either provider, so a migration copies
 * files and leaves the rows as they are: set STORAGE=s3 (and restart) once
 * it ends. It is resumable and idempotent: a file the target already holds
 * at the same size is skipped, a copy becomes visible only when complete,
 * and the source is never changed. With the embedded database (no
 * DATABASE_URL) stop the server first: PGlite allows one process.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { and, asc, gt, inArray, like } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { SITE_SETTINGS } from '../../shared/site-settings';
import { createStorage } from '../bootstrap';
import type { Env } from '../config/env';
import { loadEnv } from '../config/env';
import { type Db, openDatabase } from '../db/client';
import { apps, drawings, siteSettings, songs, users } from '../db/schema';
import { FILES_PREFIX, fileKey, type StorageProvider } from '../providers/storage';

const USAGE = 'usage: storage migrate --to s3|local | check [--in local|s3]';
const PAGE = 500;

/** Every column that may hold a /files/ URL. */
const COLUMNS: Array<{ name: string; table: PgTable; id: PgColumn; url: PgColumn }> = [
  { name: 'drawings.image_url', table: drawings, id: drawings.id, url: drawings.imageUrl },
  { name: 'drawings.thumbnails_url', table: drawings, id: drawings.id, url: drawings.thumbnailsUrl },
  { name: 'songs.audio_url', table: songs, id: songs.id, url: songs.audioUrl },
  { name: 'songs.cover_url', table: songs, id: songs.id, url: songs.coverUrl },
  { name: 'users.avatar_url', table: users, id: users.id, url: users.avatarUrl },
  { name: 'apps.icon_url', table: apps, id: apps.id, url: apps.iconUrl },
];
const IMAGE_SETTINGS = Object.entries(SITE_SETTINGS)
  .filter(([, s]) => s.kind === 'image')
  .map(([key]) => key);

interface FileRow {
  where: string;
  url: string;
}

/** The rows holding /files/ URLs, page by page (by id, so a big table is never read at once). */
async function* fileRows(db: Db): AsyncGenerator<FileRow> {
  for (const c of COLUMNS) {
    let after = 0;
    for (;;) {
      const rows = (await db
        .select({ id: c.id, url: c.url })
        .from(c.table)
        .where(and(gt(c.id, after), like(c.url, `${FILES_PREFIX}%`)))
        .orderBy(asc(c.id))
        .limit(PAGE)) as Array<{ id: number; url: string }>;
      for (const r of rows) yield { where: `${c.name} #${r.id}`, url: r.url };
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1]?.id ?? after;
    }
  }
  const settings = await db.select().from(siteSettings).where(inArray(siteSettings.key, IMAGE_SETTINGS));
  for (const s of settings)
    if (typeof s.value === 'string' && s.value.startsWith(FILES_PREFIX))
      yield { where: `site_settings.${s.key}`, url: s.value };
}

/** Copies one file unless the target holds it already (same size); 'missing' when the source has none. */
async function copy(
  key: string,
  from: StorageProvider,
  to: StorageProvider,
): Promise<'copied' | 'skipped' | 'missing'> {
  const size = await from.size(key);
  if (size === null) return (await to.size(key)) === null ? 'missing' : 'skipped';
  if ((await to.size(key)) === size) return 'skipped';
  const body = await from.read(key);
  if (!body) return 'missing';
  await to.put(key, body);
  return 'copied';
}

export interface StorageCommandContext {
  db: Db;
  env: Env;
  /** Progress lines as the command goes (stdout). */
  say?: (line: string) => void;
}

/** Runs one command and answers its summary and whether it found a problem (tests call this in-process). */
export async function runStorageCommand(
  ctx: StorageCommandContext,
  args: string[],
): Promise<{ out: string; ok: boolean }> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { to: { type: 'string' }, in: { type: 'string' } },
  });
  const store = (mode: string | undefined) => {
    if (mode !== 'local' && mode !== 's3') throw new Error(USAGE);
    return createStorage({ ...ctx.env, STORAGE: mode });
  };
  const say = ctx.say ?? (() => {});
  const command = positionals[0];

  if (command === 'migrate') {
    const to = await store(values.to);
    const from = await store(values.to === 's3' ? 'local' : 's3');
    const counts = { copied: 0, skipped: 0, missing: 0 };
    const missing: string[] = [];
    const seen = new Set<string>();
    for await (const row of fileRows(ctx.db)) {
      const key = fileKey(row.url);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      const result = await copy(key, from, to);
      counts[result]++;
      if (result === 'missing') missing.push(`${row.where}\t${row.url}`);
      if (result === 'copied') say(`copied ${row.url}`);
    }
    const summary = `${counts.copied} copied, ${counts.skipped} already there, ${counts.missing} missing at the source`;
    const lines = missing.map((m) => `missing\t${m}\n`).join('');
    return { out: `${lines}${from.mode} → ${to.mode}: ${summary}\n`, ok: counts.missing === 0 };
  }

  if (command === 'check') {
    const storage = await store(values.in ?? ctx.env.STORAGE);
    let rows = 0;
    const problems: string[] = [];
    for await (const row of fileRows(ctx.db)) {
      rows++;
      const key = fileKey(row.url);
      if (!key) problems.push(`bad URL\t${row.where}\t${row.url}`);
      else if ((await storage.size(key)) === null) problems.push(`missing\t${row.where}\t${row.url}`);
    }
    const summary = `${rows} files checked in ${storage.mode} storage, ${problems.length} missing`;
    return { out: `${problems.map((p) => `${p}\n`).join('')}${summary}\n`, ok: problems.length === 0 };
  }
  throw new Error(USAGE);
}

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const say = (line: string) => process.stdout.write(`${line}\n`);
    const { out, ok } = await runStorageCommand({ db: database.db, env, say }, process.argv.slice(2));
    process.stdout.write(out);
    if (!ok) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: Error) => {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  });
}
