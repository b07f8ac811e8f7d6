/**
 * Operator command for the membership catalogue (no code edits needed):
 *
 *   npm run products -- list
 *   npm run products -- upsert --code VIP_MONTH --name 月度会员 --type 1 --benefit 30 \
 *       --price 39 --dis-price 29.9 [--description "…"] [--level 1] [--limit 1] [--sort 10] \
 *       [--name-en "Monthly membership"] [--name-tw 月度會員] [--description-en "…"] [--description-tw "…"]
 *   npm run products -- disable --code VIP_MONTH      (and: enable --code …)
 *
 * --name and --description are the zh-CN texts; the en-US and zh-TW ones are
 * optional (given ones replace that language's text, others stay). Prices are in yuan (at most 2 decimals); --type 1 membership, 2 plus, 4
 * compositions (--benefit is days, or compositions for type 4). Running
 * servers on PostgreSQL drop their cached list at once; with the embedded
 * database (no DATABASE_URL) stop the server first: PGlite allows one process.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadEnv } from '../config/env';
import { openDatabase } from '../db/client';
import { products, type Translations } from '../db/schema';
import { yuanToFen } from '../services/shop/money';
import { CACHE_CHANNEL, setProductEnabled, upsertProduct } from '../services/shop/products';

const USAGE =
  'usage: products list | upsert --code C --name N --type T --benefit B --price P --dis-price D … | disable|enable --code C';

const TRANSLATED = ['name-en', 'name-tw', 'description-en', 'description-tw'] as const;

/** The en-US and zh-TW texts given as options, checked like the zh-CN ones. */
function translations(v: Record<string, string | undefined>, field: 'name' | 'description', max: number) {
  const out: Translations = {};
  for (const [suffix, lang] of [
    ['en', 'en-US'],
    ['tw', 'zh-TW'],
  ] as const) {
    const text = v[`${field}-${suffix}`]?.trim();
    if (text === undefined) continue;
    if ((field === 'name' && !text) || text.length > max)
      throw new Error(`--${field}-${suffix} must be 1–${max} characters`);
    out[lang] = text;
  }
  return out;
}

function int(value: string | undefined, name: string, min: number, max: number): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be a whole number ${min}–${max}`);
  return n;
}

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { positionals, values: v } = parseArgs({
    allowPositionals: true,
    options: Object.fromEntries(
      [
        'code',
        'name',
        'description',
        ...TRANSLATED,
        'type',
        'benefit',
        'price',
        'dis-price',
        'level',
        'limit',
        'sort',
      ].map((k) => [k, { type: 'string' as const }]),
    ),
  });
  const command = positionals[0];
  if (!['list', 'upsert', 'disable', 'enable'].includes(command ?? '')) throw new Error(USAGE);
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    if (command === 'list') {
      const rows = await database.db.select().from(products).orderBy(products.sortOrder, products.id);
      for (const p of rows)
        process.stdout.write(
          `${p.enabled ? ' ' : 'x'} ${p.productCode}\t${p.productName}\ttype ${p.productType}\tbenefit ${p.productBenefit}\t¥${(p.productDisPrice / 100).toFixed(2)} (¥${(p.productPrice / 100).toFixed(2)})\n`,
        );
      return;
    }
    const code = v.code?.trim();
    if (!code || !/^[A-Za-z0-9_-]{1,40}$/.test(code)) throw new Error('--code must be 1–40 letters, digits, _ or -');
    if (command === 'upsert') {
      const name = v.name?.trim();
      if (!name || name.length > 60) throw new Error('--name must be 1–60 characters');
      const type = int(v.type, 'type', 1, 4);
      const row = await upsertProduct(database.db, {
        productCode: code,
        productName: name,
        productDescription: (v.description ?? '').slice(0, 300),
        names: translations(v, 'name', 60),
        descriptions: translations(v, 'description', 300),
        productType: type,
        productBenefit: int(v.benefit, 'benefit', 1, 100_000),
        productPrice: yuanToFen(v.price, 'price'),
        productDisPrice: yuanToFen(v['dis-price'], 'dis-price'),
        level: v.level === undefined ? 1 : int(v.level, 'level', 1, 9),
        purchaseLimit: v.limit === undefined ? null : int(v.limit, 'limit', 1, 1_000_000),
        sortOrder: v.sort === undefined ? 0 : int(v.sort, 'sort', -1_000_000, 1_000_000),
        enabled: true,
      });
      process.stdout.write(`saved ${row?.productCode} (id ${row?.id})\n`);
    } else {
      const row = await setProductEnabled(database.db, code, command === 'enable');
      if (!row) throw new Error(`no product ${code}`);
      process.stdout.write(`${command}d ${code}\n`);
    }
    await database.notifier.publish(CACHE_CHANNEL, 'products');
  } finally {
    await database.close();
  }
}

main().catch((err: Error) => {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});
