// Migration 0013 on a database seeded before it: the Chinese stays as zh-CN, the seeded products
// get their translations unless an operator rewrote them, and orders take their product's names.
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, inject, it } from 'vitest';
import { applyMigration, migrateBefore } from '../migrations';

const LANGUAGES_MIGRATION = '0013_product_languages.sql';

// The SQL is the same on both databases: it runs once, on an in-memory PGlite (slow on a busy machine).
describe('migration 0013 (product languages)', () => {
  it.skipIf(Boolean(inject('postgresUrl')))(
    'keeps every product’s Chinese and translates only the seeded texts still as seeded',
    async () => {
      const pg = new PGlite();
      try {
        await migrateBefore(pg, LANGUAGES_MIGRATION);
        await pg.exec(`
        INSERT INTO products (product_code, product_name, product_description, product_type, product_benefit, product_price, product_dis_price) VALUES
          ('VIP_MONTH', '月度会员', '30 天会员：对话不限次数，每日绘图 50 张，优先使用新模型', 1, 30, 3900, 2900),
          ('VIP_YEAR', '年度会员（改）', '365 天会员：对话不限次数，每日绘图 50 张，优先使用新模型，专属客服', 1, 365, 46800, 26800),
          ('OWN', '自己的商品', '自己的描述', 1, 3, 100, 100);
        INSERT INTO users (email) VALUES ('old@example.com');
        INSERT INTO orders (order_no, user_id, product_id, product_code, product_type, product_benefit, order_desc, order_price, order_status, pay_provider, pay_limit_time, expires_at) VALUES
          ('MB1', 1, 1, 'VIP_MONTH', 1, 30, '月度会员', 2900, 1, 'sandbox', 15, now()),
          ('MB2', 1, 2, 'VIP_YEAR', 1, 365, '年度会员', 26800, 1, 'sandbox', 15, now());`);
        await applyMigration(pg, LANGUAGES_MIGRATION);

        const rows = (
          await pg.query('SELECT product_code, product_name, names, descriptions FROM products ORDER BY id')
        ).rows;
        expect(rows).toEqual([
          {
            product_code: 'VIP_MONTH',
            product_name: '月度会员',
            names: { 'en-US': 'Monthly membership', 'zh-TW': '月度會員' },
            descriptions: {
              'en-US': expect.stringMatching(/^30 days of membership/),
              'zh-TW': expect.stringMatching(/^30 天會員/),
            },
          },
          // The operator's own name gets no translation of the seeded one; the unchanged description does.
          {
            product_code: 'VIP_YEAR',
            product_name: '年度会员（改）',
            names: {},
            descriptions: {
              'en-US': expect.stringMatching(/^365 days/),
              'zh-TW': expect.stringMatching(/^365 天會員/),
            },
          },
          { product_code: 'OWN', product_name: '自己的商品', names: {}, descriptions: {} },
        ]);
        const orders = (await pg.query('SELECT order_no, order_desc, order_desc_names FROM orders ORDER BY order_no'))
          .rows;
        expect(orders).toEqual([
          {
            order_no: 'MB1',
            order_desc: '月度会员',
            order_desc_names: { 'en-US': 'Monthly membership', 'zh-TW': '月度會員' },
          },
          { order_no: 'MB2', order_desc: '年度会员', order_desc_names: {} },
        ]);
      } finally {
        await pg.close();
      }
    },
    180_000,
  );
});
