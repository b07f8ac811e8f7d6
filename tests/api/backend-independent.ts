/**
 * API test files that run once, in the `api` project (PGlite), not again in `api-pg` (vitest.config.ts).
 * PGlite is the PostgreSQL engine itself and the server sends both the same SQL; what differs is the
 * driver and the process around it: a pool of concurrent connections, locks and transactions that
 * really race, NOTIFY between processes, restarts. A file belongs here only when its outcome cannot
 * depend on that: it never touches the database, or only through single-connection reads and writes
 * every other file also covers on both (an order, a user, a drawing). Anything with concurrent
 * requests on one row, transactions, locks, NOTIFY, two processes, restarts or the database kind stays
 * on both. tests/unit/api-projects.test.ts keeps this list honest: every entry exists, has a reason,
 * and shows none of those signs.
 */
export const BACKEND_INDEPENDENT: Record<string, string> = {
  'tests/api/platform/fuzz.test.ts': 'input validation of every route: refused before any query',
  'tests/api/platform/security-headers.test.ts': 'response headers, set by the HTTP layer',
  'tests/api/platform/keep-alive.test.ts': 'socket reuse after each kind of reply: the HTTP layer',
  'tests/api/platform/dos.test.ts': 'socket and body floods: connection limits and timeouts of the HTTP layer',
  'tests/api/platform/sandbox-public.test.ts': 'start-up configuration (which providers a public origin allows)',
  'tests/api/platform/parse-bombs.test.ts':
    'uploads that unpack to hundreds of MB: their limits are threads and counts in the parsers',
  'tests/api/drawing/drawing-actions-providers.test.ts':
    'midjourney-proxy actions against a local fake: the adapter alone, no database',
  'tests/api/drawing/drawing-actions-diffusion.test.ts':
    'SD WebUI and OpenAI image edits against local fakes: the adapters alone, no database',
  'tests/api/platform/openapi.test.ts': 'the OpenAPI document and who may call each route (auth before any query)',
  'tests/api/account/wechat-official.test.ts': 'WeChat message signatures and XML against a local fake server',
  'tests/api/account/wechat-official-provider.test.ts': 'the WeChat provider alone against a local fake server',
  'tests/api/activity/notices.test.ts':
    "notice texts in the page's language and one read flag; the console's notices: console-notices.test.ts",
  'tests/api/admin/channels-test-button.test.ts': "the console's channel test against local fakes of each upstream",
  'tests/api/admin/refund-providers.test.ts':
    'refund requests and notifications in WeChat Pay and Alipay formats; crashes and resumes: refund-*.test.ts',
  'tests/api/apps/app-locales.test.ts': "the app store's texts in the page's language",
  'tests/api/channels/weights.test.ts': 'how answers spread over fake upstreams by priority and weight',
  'tests/api/chat/chat-stream.test.ts': 'streaming from a fake OpenAI-compatible upstream',
  'tests/api/chat/chat-continue.test.ts': 'continuing a cut answer against a fake upstream',
  'tests/api/chat/chat-reasoning.test.ts': "reasoning models' stream formats against a fake upstream",
  'tests/api/drawing/drawing-providers.test.ts': 'drawing adapters against local fakes of each service',
  'tests/api/moderation/word-tricks.test.ts':
    'disguised words: text matching; the word list across processes: words.test.ts',
  'tests/api/music/music-suno.test.ts': 'the suno-api adapter against a local fake',
  'tests/api/music/music-render.test.ts': "the offline composer's MP3; quota and owners: music.test.ts",
  'tests/api/shop/alipay.test.ts': "Alipay's signatures and formats; the paying races: payment-locks.test.ts",
  'tests/api/shop/wechatpay.test.ts': "WeChat Pay's signatures and formats; the paying races: payment-locks.test.ts",
  'tests/api/shop/products-cli.test.ts': 'the products command on PGlite; on PostgreSQL: products-cli-pg.test.ts',
  'tests/api/storage/s3-provider.test.ts': 'the S3 provider against a local S3 server',
  'tests/api/storage/s3-site.test.ts': 'files stored in a local S3 server instead of the data directory',
};
