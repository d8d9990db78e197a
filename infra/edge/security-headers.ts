/**
 * The response headers the edge adds: CloudFront's response headers policies in AWS
 * (infra/stacks/web-stack.ts) and the local web server (infra/local/web-server.ts) both
 * read them from here, so the two hosts send the same ones.
 */

/** The app loads only its own scripts, styles, images (flags included) and API. */
export const SITE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** JSON is never a document: nothing may load from or frame an API response. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // Links carry single-use tokens (reset, confirm); no page's address goes to another site.
  'referrer-policy': 'no-referrer',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  // The checkout opens in a tab of its own, which this page keeps a handle on until it navigates.
  'cross-origin-opener-policy': 'same-origin-allow-popups',
} as const;

/** HTTPS only, a year, subdomains too: sent by CloudFront; meaningless on the local http origin. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function siteHeaders(): Record<string, string> {
  return { ...COMMON_HEADERS, 'content-security-policy': SITE_CSP };
}

export function apiHeaders(): Record<string, string> {
  return { ...COMMON_HEADERS, 'content-security-policy': API_CSP };
}
