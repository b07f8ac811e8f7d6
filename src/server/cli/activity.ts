/**
 * Operator commands for the activity (issue 8), run with the server's
 * environment (.env is read too):
 *
 *   npx tsx src/server/cli/activity.ts codes --count 20 [--source group] [--days 1] [--valid 30]
 *     prints new experience codes (one batch, listed in the console) to hand out in the welfare group or the
 *     official account: each grants `days` membership days, redeemable for `valid` days.
 *   npx tsx src/server/cli/activity.ts notice --id 6 --zh-CN "…" [--en-US "…"] [--zh-TW "…"] [--off]
 *     replaces a notice's text (a new revision shows it again to those who read it).
 *     A text may name {{openTime}} and {{dailyLimit}}: filled in from COUPON_OPEN_HOUR / COUPON_DAILY_LIMIT when shown.
 *
 * With the embedded database (no DATABASE_URL) stop the server first: PGlite
 * allows one process at a time.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { NOTICE_MAX } from '../../shared/notices';
import { loadEnv } from '../config/env';
import { openDatabase } from '../db/client';
import { issueCodes } from '../services/activity/experience-codes';
import { setNoticeText } from '../services/activity/notices';
import { PAGES_CHANNEL } from '../services/pages/channel';

const USAGE = 'usage: activity.ts codes --count N [--source S] [--days D] [--valid V] | notice --id N --zh-CN T …';

function int(value: string | undefined, fallback: number, min: number, max: number, name: string): number {
  const n = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be a whole number ${min}–${max}`);
  return n;
}

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      count: { type: 'string' },
      source: { type: 'string', default: 'group' },
      days: { type: 'string' },
      valid: { type: 'string' },
      id: { type: 'string' },
      'zh-CN': { type: 'string' },
      'en-US': { type: 'string' },
      'zh-TW': { type: 'string' },
      off: { type: 'boolean', default: false },
    },
  });
  const command = positionals[0];
  if (command !== 'codes' && command !== 'notice') throw new Error(USAGE);
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    if (command === 'codes') {
      const codes = await issueCodes(database.db, {
        count: int(values.count, 0, 1, 10_000, 'count'),
        source: (values.source ?? 'group').slice(0, 40),
        trialDays: int(values.days, 1, 1, 366, 'days'),
        validDays: int(values.valid, 30, 1, 3650, 'valid'),
      });
      process.stdout.write(`${codes.join('\n')}\n`);
      return;
    }
    const content: Record<string, string> = {};
    for (const lang of ['zh-CN', 'en-US', 'zh-TW'] as const) {
      const text = values[lang];
      if (text) content[lang] = text.slice(0, NOTICE_MAX);
    }
    if (!content['zh-CN']) throw new Error('--zh-CN is required: it is the default language');
    const notice = await setNoticeText(database.db, int(values.id, 0, 1, 2_147_483_647, 'id'), content, !values.off);
    await database.notifier.publish(PAGES_CHANNEL, 'notice');
    process.stdout.write(`notice ${notice.id} revision ${notice.revision}${notice.enabled ? '' : ' (off)'}\n`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
