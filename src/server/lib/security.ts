import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './context.ts';
import { AppError } from './errors.ts';

/**
 * Strict CSP: scripts only from our origin (no inline, no CDN), so an injected <script> cannot run. Styles allow
 * inline because Radix and sonner set element styles at run time; that grants no script execution.
 */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler {
  const documentHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
    strictTransportSecurity: options.https ? 'max-age=31536000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [] },
  });
  const hsts = options.https ? 'max-age=31536000; includeSubDomains' : undefined;
  return async (c, next) => {
    if (!isHashedAsset(c.req.path) && !isPlainFile(c.req.path)) return documentHeaders(c, next);
    await next();
    // A script, style, icon or manifest is never a document: policies for documents and framing mean nothing on it,
    // and on some thirty small files of a first load they cost more bytes than the files (decision 050).
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    if (hsts) c.header('Strict-Transport-Security', hsts);
  };
}

/** The build's content-hashed files under /assets/, cached for a year. */
export const isHashedAsset = (path: string): boolean => path.startsWith('/assets/');

/**
 * Files of the build that every first load fetches and that are never shown as a page: the icons and the manifest.
 * The service worker's script is not among them: its headers are the worker's own policy.
 */
const PLAIN_FILES = new Set(['/favicon.svg', '/manifest.webmanifest']);
const isPlainFile = (path: string): boolean => PLAIN_FILES.has(path) || path.startsWith('/icons/');

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing API request must come from our own pages: the Origin header has to be ours. Cookies
 * alone would let any site post on the user's behalf. Signed webhooks are exempt; their signature is the proof.
 */
export function originCheck(options: { origin: string; exempt: (path: string) => boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !options.exempt(c.req.path)) {
      if (c.req.header('origin') !== options.origin) throw new AppError('INVALID_ORIGIN');
    }
    await next();
  };
}
