// Migration 0032 on a database written before it: a late-payment notice not yet shown names its text
// by the key it has now that the order texts live in the shop namespace; other notices keep theirs.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { describe, expect, inject, it } from 'vitest';
import { i18nOf } from '../../../src/shared/i18n';
import { applyMigration, migrateBefore } from '../migrations';

const MIGRATION = '0032_user_notice_keys.sql';

// The SQL is the same on both databases: it runs once, on an in-memory PGlite.
describe('migration 0032 (user notice keys)', () => {
  it.skipIf(Boolean(inject('postgresUrl')))('renames the late-payment notice key and nothing else', async () => {
    const pg = new PGlite({ extensions: { pg_trgm } });
    try {
      await migrateBefore(pg, MIGRATION);
      await pg.exec(`
        INSERT INTO users (email) VALUES ('late@example.com');
        INSERT INTO user_notices (user_id, key, params) VALUES
          (1, 'order:late.notice', '{"orderNo": "MB1", "desc": "月度会员"}'),
          (1, 'common:moderation.notice.hidden.drawing', '{"title": "t"}');`);
      await applyMigration(pg, MIGRATION);
      const rows = (await pg.query<{ key: string }>('SELECT key FROM user_notices ORDER BY id')).rows;
      expect(rows.map((r) => r.key)).toEqual(['shop:order.late.notice', 'common:moderation.notice.hidden.drawing']);
      // The new key is a text in every language, not the key echoed back.
      for (const lang of ['zh-CN', 'en-US', 'zh-TW'] as const) {
        const text = i18nOf(lang).t(rows[0]?.key ?? '', { orderNo: 'MB1', desc: 'x' });
        expect(text).toContain('MB1');
        expect(text).not.toContain('late.notice');
      }
    } finally {
      await pg.close();
    }
  });
});
