import { and, asc, count, eq } from 'drizzle-orm';
import type { ProductInfo } from '../../../shared/contract/shop';
import type { Db } from '../../db/client';
import { type Product, products } from '../../db/schema';
import { seedProducts } from '../../db/seed/products';

export const CACHE_CHANNEL = 'miaobi_cache';
const TTL_MS = 60_000;

export function productDto(p: Product): ProductInfo {
  return {
    productId: p.id,
    productCode: p.productCode,
    productName: p.productName,
    productDescription: p.productDescription,
    productType: p.productType,
    productBenefit: p.productBenefit,
    productPrice: p.productPrice,
    productDisPrice: p.productDisPrice,
  };
}

/** Seeds the catalogue once, on a database that has no products at all. */
export async function seedProductsIfEmpty(db: Db) {
  const [row] = await db.select({ n: count() }).from(products);
  if ((row?.n ?? 0) === 0) await db.insert(products).values(seedProducts).onConflictDoNothing();
}

/**
 * Enabled products, optionally of one type, cached per process. Changes made
 * anywhere publish on CACHE_CHANNEL, which clears every process's cache.
 */
export function createProductCatalog(db: Db) {
  const cache = new Map<string, { at: number; list: ProductInfo[] }>();
  return {
    async list(type?: number): Promise<ProductInfo[]> {
      const key = String(type ?? 'all');
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < TTL_MS) return hit.list;
      const rows = await db
        .select()
        .from(products)
        .where(and(eq(products.enabled, true), type === undefined ? undefined : eq(products.productType, type)))
        .orderBy(asc(products.sortOrder), asc(products.id));
      const list = rows.map(productDto);
      cache.set(key, { at: Date.now(), list });
      return list;
    },
    invalidate: () => cache.clear(),
  };
}
export type ProductCatalog = ReturnType<typeof createProductCatalog>;

export type ProductInput = Omit<typeof products.$inferInsert, 'id' | 'updatedAt'>;

export async function upsertProduct(db: Db, input: ProductInput) {
  const [row] = await db
    .insert(products)
    .values(input)
    .onConflictDoUpdate({ target: products.productCode, set: { ...input, updatedAt: new Date() } })
    .returning();
  return row;
}

export async function setProductEnabled(db: Db, productCode: string, enabled: boolean) {
  const [row] = await db
    .update(products)
    .set({ enabled, updatedAt: new Date() })
    .where(eq(products.productCode, productCode))
    .returning();
  return row ?? null;
}
