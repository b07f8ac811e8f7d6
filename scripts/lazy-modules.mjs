// Heavy libraries no page needs: loaded by dynamic import at first use (bench/RESULTS.md, start-up).
// The build fails if one of them is reachable from main.mjs by static imports (build-server.mjs), and
// tests/api/platform/lazy-modules.test.ts checks a started server has not loaded them.
export const LAZY = [
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  '@aws-sdk/s3-request-presigner',
  '@breezystack/lamejs',
  'gpt-tokenizer',
  'mammoth',
  'nodemailer',
  'otplib',
  'qrcode',
  'sharp',
  'unpdf',
  'wasm-media-encoders',
];

// Loaded only by the embedded database (no DATABASE_URL): a server on PostgreSQL never imports it.
export const LAZY_ON_POSTGRES = ['@electric-sql/pglite'];
