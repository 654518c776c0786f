import type { Request } from 'express';
import type { Env } from '../env.js';

/**
 * The page of this site a request was sent from, by its Referer (the site's pages send one to
 * their own origin only: Referrer-Policy same-origin); null when it came from elsewhere. Only the
 * path: a query string can carry anything.
 */
export function startPathOf(
  req: Request,
  env: Pick<Env, 'PUBLIC_URL' | 'WEB_ORIGIN'>,
): string | null {
  const url = URL.parse(req.get('referer') ?? '');
  const ours = [env.PUBLIC_URL, env.WEB_ORIGIN].some(
    (origin) => new URL(origin).origin === url?.origin,
  );
  return url && ours ? url.pathname.slice(0, 2000) : null;
}
