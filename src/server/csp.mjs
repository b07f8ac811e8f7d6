// @ts-check
/**
 * The site's Content-Security-Policy, one list for both places that send it:
 * the HTTP server (every reply: API, files, assets) and Astro (pages, which
 * add the SHA-256 hashes of their inline scripts to script-src). No inline
 * script runs without its hash; inline styles stay allowed (islands set
 * sizes and progress through style attributes).
 */
export const CSP_DIRECTIVES = /** @type {const} */ ([
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
]);
export const SCRIPT_SOURCES = ["'self'"];
export const STYLE_SOURCES = ["'self'", "'unsafe-inline'"];

/**
 * Origins besides ours that pages load files from with STORAGE=s3: the public
 * base (CDN) and the bucket's presigned URLs. Pages carry the policy they were
 * built with, so `npm run build` must see the same S3_* settings as the server.
 * @param {Record<string, unknown>} env process.env or the parsed Env
 * @returns {string[]}
 */
export function storageOrigins(env) {
  if (env.STORAGE !== 's3' || typeof env.S3_BUCKET !== 'string') return [];
  const origins = [];
  if (typeof env.S3_PUBLIC_BASE_URL === 'string') origins.push(new URL(env.S3_PUBLIC_BASE_URL).origin);
  const region = typeof env.S3_REGION === 'string' ? env.S3_REGION : 'us-east-1';
  const endpoint = new URL(
    typeof env.S3_ENDPOINT === 'string' ? env.S3_ENDPOINT : `https://s3.${region}.amazonaws.com`,
  );
  const pathStyle = [true, 'true', '1', 'yes'].includes(/** @type {never} */ (env.S3_FORCE_PATH_STYLE));
  origins.push(pathStyle ? endpoint.origin : `${endpoint.protocol}//${env.S3_BUCKET}.${endpoint.host}`);
  return origins;
}

/**
 * The directives with file origins added to img-src, media-src and connect-src (a chat export reads
 * the pictures it embeds with fetch).
 * @param {string[]} origins
 * @returns {Array<(typeof CSP_DIRECTIVES)[number] | `img-src ${string}`>}
 */
export function cspDirectives(origins) {
  return CSP_DIRECTIVES.map((d) =>
    origins.length > 0 && /^(img|media|connect)-src /.test(d)
      ? /** @type {`img-src ${string}`} */ (`${d} ${origins.join(' ')}`)
      : d,
  );
}
