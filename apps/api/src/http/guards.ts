import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';
import type { Env } from '../env.js';
import { AppError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins allowed to change state: the web app's and the API's own. */
export function allowedOrigins(env: Pick<Env, 'WEB_ORIGIN' | 'PUBLIC_URL'>): Set<string> {
  return new Set([new URL(env.WEB_ORIGIN).origin, new URL(env.PUBLIC_URL).origin]);
}

function mediaTypeOf(contentType: string | undefined): string {
  return contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
}

function isJson(contentType: string | undefined): boolean {
  const mediaType = mediaTypeOf(contentType);
  return mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

/** What a cross-site form (or a fetch without a preflight) can declare its body to be. */
const FORM_TYPES = new Set([
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
]);

/**
 * A file's bytes as the body, in whatever type the browser gave the file (a photo's, a zip's,
 * octet-stream for one it cannot name): any declared type but a form's needs a preflight
 * cross-site. The route judges the bytes themselves.
 */
function isUploadedFile(contentType: string | undefined): boolean {
  const mediaType = mediaTypeOf(contentType);
  return mediaType !== '' && !FORM_TYPES.has(mediaType);
}

/** A file's bytes as they are (an export to import): no form sends this type either. */
function isFileBytes(contentType: string | undefined): boolean {
  return mediaTypeOf(contentType) === 'application/octet-stream';
}

/** Routes that take bytes instead of JSON: images (the editor's upload), files (an import). */
interface UploadPaths {
  imagePaths?: readonly string[];
  filePaths?: readonly string[];
}

/**
 * Guards every state-changing request (anything but GET, HEAD, OPTIONS) against cross-site use:
 *
 * - An `Origin` header must be one of `allowedOrigins`, else 403 CROSS_SITE_REQUEST. Browsers
 *   send it on every cross-origin POST/PUT/DELETE and on same-origin ones too, so a forged form
 *   or fetch from another site always carries a foreign (or 'null') origin.
 * - Without `Origin`, `Sec-Fetch-Site: cross-site` is refused as well. Otherwise the request is
 *   taken to come from a non-browser client (curl, the e2e harness, a server) and is allowed only
 *   with a JSON body or no body at all: a browser cannot send JSON cross-site without a CORS
 *   preflight, which this API never grants, so a missing Origin plus JSON is not a forgery.
 *   A form content type without Origin is refused with 403, as a cross-site form post would be.
 * - With a trusted Origin, a body must still be JSON (415 UNSUPPORTED_MEDIA_TYPE): the API only
 *   speaks JSON, and refusing the form types closes the "simple request" door for good.
 *
 * Mount it before the routers. Routes that must accept foreign posts (RFC 8058 one-click
 * unsubscribe from mail providers) are mounted before it. `imagePaths` take a file's bytes
 * instead of JSON (the console's image upload, in any type but a form's), under the same origin
 * rules.
 */
export function sameSiteJsonOnly(
  env: Pick<Env, 'WEB_ORIGIN' | 'PUBLIC_URL'>,
  options: UploadPaths = {},
): RequestHandler {
  const refuse = crossSiteRefusal(env, options);
  return (req, _res, next) => next(refuse(req.method, req.originalUrl.split('?')[0]!, req.headers));
}

/**
 * The guard's rule on its own, for a request Express never sees (the page-view beacon): the
 * refusal, or undefined when the request may go on.
 */
export function crossSiteRefusal(
  env: Pick<Env, 'WEB_ORIGIN' | 'PUBLIC_URL'>,
  options: UploadPaths = {},
): (
  method: string | undefined,
  path: string,
  headers: IncomingHttpHeaders,
) => AppError | undefined {
  const origins = allowedOrigins(env);
  const imagePaths = new Set(options.imagePaths);
  const filePaths = new Set(options.filePaths);
  return (method, path, headers) => {
    if (SAFE_METHODS.has(method ?? '')) return undefined;
    const origin = headers.origin;
    const contentType = headers['content-type'];
    const hasBody = contentType !== undefined || Number(headers['content-length'] ?? 0) > 0;
    const accepted = (type: string | undefined) =>
      isJson(type) ||
      (imagePaths.has(path) && isUploadedFile(type)) ||
      (filePaths.has(path) && isFileBytes(type));
    if (origin !== undefined) {
      if (!origins.has(origin)) return new AppError(403, 'CROSS_SITE_REQUEST');
      if (hasBody && !accepted(contentType)) return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
      return undefined;
    }
    if (headers['sec-fetch-site'] === 'cross-site') return new AppError(403, 'CROSS_SITE_REQUEST');
    if (hasBody && !accepted(contentType)) return new AppError(403, 'CROSS_SITE_REQUEST');
    return undefined;
  };
}

/**
 * For the site's own HTML forms, posted form-encoded outside /api where `sameSiteJsonOnly` does
 * not reach: the Origin must be one of `allowedOrigins`. Browsers send it on every form POST, and
 * a form on another site carries that site's origin (or 'null'), so a page elsewhere cannot make
 * its visitors' browsers post ours.
 */
export function sameSiteFormOnly(env: Pick<Env, 'WEB_ORIGIN' | 'PUBLIC_URL'>): RequestHandler {
  const origins = allowedOrigins(env);
  return (req, _res, next) => {
    const origin = req.get('origin');
    next(
      origin !== undefined && origins.has(origin)
        ? undefined
        : new AppError(403, 'CROSS_SITE_REQUEST'),
    );
  };
}
