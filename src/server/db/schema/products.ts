import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Language } from '../../../shared/languages';

/** A text in the languages other than zh-CN (en-US, zh-TW); a missing one falls back to zh-CN. */
export type Translations = Partial<Record<Exclude<Language, 'zh-CN'>, string>>;

/** Product. Money in integer fen; productType 4 grants compositions, others membership days (docs/api.md). */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull(),
    productDescription: text('product_description').notNull().default(''),
    /** The name and description in en-US and zh-TW; the two columns above are the zh-CN text. */
    names: jsonb('names').$type<Translations>().notNull().default({}),
    descriptions: jsonb('descriptions').$type<Translations>().notNull().default({}),
    /** 1 membership, 2 plus membership, 4 composition pack. */
    productType: integer('product_type').notNull(),
    /** Days of membership, or number of compositions for type 4. */
    productBenefit: integer('product_benefit').notNull(),
    productPrice: integer('product_price').notNull(),
    productDisPrice: integer('product_dis_price').notNull(),
    /** Membership level granted (users.vip_type / plus_type). */
    level: integer('level').notNull().default(1),
    /** Credits (积分) granted on payment beside the benefit above, taken back in proportion on refund. */
    credits: integer('credits').notNull().default(0),
    /** Paid orders one user may have for this product; null = unlimited. */
    purchaseLimit: integer('purchase_limit'),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_code_idx').on(t.productCode)],
);

export type Product = typeof products.$inferSelect;
