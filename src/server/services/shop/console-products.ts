import { asc, eq, sql } from 'drizzle-orm';
import { AdminCode } from '../../../shared/admin';
import type { Language } from '../../../shared/languages';
import type { Db } from '../../db/client';
import { type Product, products, type Translations } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { type Actor, writeAudit } from '../admin/audit';
import { CACHE_CHANNEL } from './products';

/** A product as the console edits it: texts in every language, money in fen (docs/console.md#products). */
export interface ProductFields {
  names: Record<Language, string>;
  descriptions: Record<Language, string>;
  productPrice: number;
  productDisPrice: number;
  productType: number;
  productBenefit: number;
  level: number;
  purchaseLimit: number | null;
  credits: number;
}

interface Act {
  actor: Actor;
  requestId: string;
}

const translations = (texts: Record<Language, string>): Translations => {
  const out: Translations = {};
  for (const lang of ['en-US', 'zh-TW'] as const) if (texts[lang]) out[lang] = texts[lang];
  return out;
};

const columns = (f: ProductFields) => ({
  productName: f.names['zh-CN'],
  productDescription: f.descriptions['zh-CN'],
  names: translations(f.names),
  descriptions: translations(f.descriptions),
  productPrice: f.productPrice,
  productDisPrice: f.productDisPrice,
  productType: f.productType,
  productBenefit: f.productBenefit,
  level: f.level,
  purchaseLimit: f.purchaseLimit,
  credits: f.credits,
});

/** A product as the console shows it and the audit log records it (before and after). */
export function productView(p: Product) {
  return {
    id: p.id,
    productCode: p.productCode,
    names: { 'zh-CN': p.productName, 'en-US': p.names['en-US'] ?? '', 'zh-TW': p.names['zh-TW'] ?? '' },
    descriptions: {
      'zh-CN': p.productDescription,
      'en-US': p.descriptions['en-US'] ?? '',
      'zh-TW': p.descriptions['zh-TW'] ?? '',
    },
    productPrice: p.productPrice,
    productDisPrice: p.productDisPrice,
    productType: p.productType,
    productBenefit: p.productBenefit,
    level: p.level,
    purchaseLimit: p.purchaseLimit,
    credits: p.credits,
    enabled: p.enabled,
    sortOrder: p.sortOrder,
    updatedAt: p.updatedAt.toISOString(),
  };
}
export type ProductView = ReturnType<typeof productView>;

/** Every product, disabled ones too, in the order /product shows them. */
export async function listProductsForConsole(db: Db): Promise<ProductView[]> {
  const rows = await db.select().from(products).orderBy(asc(products.sortOrder), asc(products.id));
  return rows.map(productView);
}

/** A repeated request id: the first click already acted, so this transaction is rolled back. */
class Repeated extends Error {}

/**
 * One console change to the catalogue: made and audited (one row, before and
 * after) in one transaction; a request id already in the log rolls it back,
 * so repeated clicks act once. Then every process drops its cached list.
 * Answers whether this call acted.
 */
async function change(
  rt: Runtime,
  a: Act,
  action: string,
  run: (tx: Db) => Promise<{ id: number; before: unknown; after: unknown }>,
): Promise<boolean> {
  try {
    await transaction(rt.database.db, async (tx) => {
      const { id, before, after } = await run(tx);
      const fresh = await writeAudit(tx, a.actor, {
        action,
        targetType: 'product',
        targetId: id,
        before,
        after,
        requestId: a.requestId,
      });
      if (!fresh) throw new Repeated();
    });
  } catch (err) {
    if (err instanceof Repeated) return false;
    throw err;
  }
  rt.products.invalidate();
  await rt.database.notifier
    .publish(CACHE_CHANNEL, 'products')
    .catch((err: Error) => rt.log.warn('product cache notify failed', { err: err.message }));
  return true;
}

const notFound = () => new DomainError(404, 'error.notFound', { status: 404 });
/** Prices are sensitive: setting one takes a fresh TOTP code, checked by the route. */
const codeNeeded = () => new DomainError(AdminCode.TOTP_AGAIN, 'admin:totp.again', { status: 403 });

async function lockProduct(tx: Db, id: number) {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** A new product, last in the list and enabled. Its price counts as a price change. */
export async function createProduct(
  rt: Runtime,
  a: Act & { productCode: string; fields: ProductFields; priceVerified: boolean },
) {
  if (!a.priceVerified) throw codeNeeded();
  return change(rt, a, 'product.create', async (tx) => {
    const [max] = await tx.select({ n: sql<number | null>`max(${products.sortOrder})` }).from(products);
    const [row] = await tx
      .insert(products)
      .values({ ...columns(a.fields), productCode: a.productCode, sortOrder: (max?.n ?? 0) + 10 })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new DomainError(400, 'admin:products.codeTaken', { status: 400 });
    return { id: row.id, before: null, after: productView(row) };
  });
}

/** Edits a product's texts, money, benefit and limits; a changed price needs `priceVerified`. */
export async function updateProduct(
  rt: Runtime,
  a: Act & { id: number; fields: ProductFields; priceVerified: boolean },
) {
  return change(rt, a, 'product.update', async (tx) => {
    const before = await lockProduct(tx, a.id);
    // Credits granted are money too: changing them asks for the code like a price.
    const priceChanged =
      before.productPrice !== a.fields.productPrice ||
      before.productDisPrice !== a.fields.productDisPrice ||
      before.credits !== a.fields.credits;
    if (priceChanged && !a.priceVerified) throw codeNeeded();
    const [after] = await tx
      .update(products)
      .set({ ...columns(a.fields), updatedAt: new Date() })
      .where(eq(products.id, a.id))
      .returning();
    if (!after) throw notFound();
    return { id: a.id, before: productView(before), after: productView(after) };
  });
}

export async function setProductEnabledById(rt: Runtime, a: Act & { id: number; enabled: boolean }) {
  return change(rt, a, a.enabled ? 'product.enable' : 'product.disable', async (tx) => {
    const before = await lockProduct(tx, a.id);
    if (before.enabled === a.enabled) throw new DomainError(400, 'admin:users.unchanged', { status: 400 });
    await tx.update(products).set({ enabled: a.enabled, updatedAt: new Date() }).where(eq(products.id, a.id));
    return { id: a.id, before: { enabled: before.enabled }, after: { enabled: a.enabled } };
  });
}

/**
 * Moves a product one place up or down. Every row is locked and the list is
 * renumbered 10, 20, 30…, so equal sort values from the CLI still move.
 */
export async function moveProduct(rt: Runtime, a: Act & { id: number; direction: 'up' | 'down' }) {
  return change(rt, a, 'product.move', async (tx) => {
    const rows = await tx
      .select({ id: products.id, code: products.productCode, sortOrder: products.sortOrder })
      .from(products)
      .orderBy(asc(products.sortOrder), asc(products.id))
      .for('update');
    const at = rows.findIndex((r) => r.id === a.id);
    if (at < 0) throw notFound();
    const to = a.direction === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= rows.length) throw new DomainError(400, 'admin:products.edge', { status: 400 });
    const order = rows.map((r) => r.code);
    const next = [...rows];
    [next[at], next[to]] = [next[to] as (typeof rows)[number], next[at] as (typeof rows)[number]];
    for (const [i, r] of next.entries()) {
      const sortOrder = (i + 1) * 10;
      if (r.sortOrder !== sortOrder) await tx.update(products).set({ sortOrder }).where(eq(products.id, r.id));
    }
    return { id: a.id, before: { order }, after: { order: next.map((r) => r.code) } };
  });
}
