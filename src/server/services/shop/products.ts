import { asc, count, eq, sql } from 'drizzle-orm';
import type { ProductInfo } from '../../../shared/contract/shop';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/languages';
import type { Db } from '../../db/client';
import { type Product, products, type Translations } from '../../db/schema';
import { seedProducts } from '../../db/seed/products';

export const CACHE_CHANNEL = 'miaobi_cache';
const TTL_MS = 60_000;

/** A product text in `lang`: the zh-CN column, or its translation when there is one (else zh-CN). */
export function localText(zh: string, translations: Translations | null | undefined, lang: Language): string {
  if (lang === 'zh-CN') return zh;
  return translations?.[lang]?.trim() || zh;
}

/** The product as replies show it, named in `lang` (docs/payments.md). */
export function productDto(p: Product, lang: Language = DEFAULT_LANGUAGE): ProductInfo {
  return {
    productId: p.id,
    productCode: p.productCode,
    productName: localText(p.productName, p.names, lang),
    productDescription: localText(p.productDescription, p.descriptions, lang),
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
 * Enabled products, cached per process. Changes made anywhere publish on
 * CACHE_CHANNEL, which clears every process's cache; a list loaded while a
 * change arrived is not kept. Pages list from it and orders take their
 * product, price and limits from it: a change reaches both with its notify.
 */
export function createProductCatalog(db: Db) {
  let cached: { at: number; rows: Product[] } | undefined;
  let generation = 0;
  const enabled = async (): Promise<Product[]> => {
    if (cached && Date.now() - cached.at < TTL_MS) return cached.rows;
    const started = generation;
    const rows = await db
      .select()
      .from(products)
      .where(eq(products.enabled, true))
      .orderBy(asc(products.sortOrder), asc(products.id));
    if (started === generation) cached = { at: Date.now(), rows };
    return rows;
  };
  return {
    /** Enabled products, optionally of one type, named in `lang`. */
    async list(type?: number, lang: Language = DEFAULT_LANGUAGE): Promise<ProductInfo[]> {
      const rows = await enabled();
      return rows.filter((p) => type === undefined || p.productType === type).map((p) => productDto(p, lang));
    },
    /** The enabled product with this id and code, or undefined. */
    async find(id: number, code: string): Promise<Product | undefined> {
      return (await enabled()).find((p) => p.id === id && p.productCode === code);
    },
    invalidate: () => {
      generation += 1;
      cached = undefined;
    },
  };
}
export type ProductCatalog = ReturnType<typeof createProductCatalog>;

export type ProductInput = Omit<typeof products.$inferInsert, 'id' | 'updatedAt'>;

export async function upsertProduct(db: Db, input: ProductInput) {
  const [row] = await db
    .insert(products)
    .values(input)
    .onConflictDoUpdate({
      target: products.productCode,
      // Translations given are merged in: a language not given keeps its text.
      set: {
        ...input,
        names: sql`${products.names} || excluded.names`,
        descriptions: sql`${products.descriptions} || excluded.descriptions`,
        updatedAt: new Date(),
      },
    })
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
