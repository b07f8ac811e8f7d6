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
