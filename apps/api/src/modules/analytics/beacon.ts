/**
 * POST /api/analytics/hit, answered in front of Express (issue 25). A page view is the most
 * frequent request the site gets, and Express's own work per request (its request and response
 * objects, the router, the body parser) costs several times the whole count; so the beacon reads
 * what it needs from the bare Node request: the same-site rule of every other write, the
 * client's address through the trusted proxies, the rate limit of the catalogue's class, a JSON
 * body of at most 4 kB checked by the catalogue's schema, and the owner's session cookie. It is
 * neither logged nor given a page's security headers (it answers 204, no body), and refusals
 * have the API's usual JSON shape.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import {
  API_ROUTES,
  MESSAGES,
  NEWSLETTER_LANDING_TAGS,
  NEWSLETTER_SOURCE,
  type AnalyticsHit,
  type RateLimitClass,
} from '@quillpost/domain';
import proxyAddr from 'proxy-addr';
import type { Clock } from '../../clock.js';
import type { Env } from '../../env.js';
import { parseEndpointInput } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import { crossSiteRefusal } from '../../http/guards.js';
import { clientKey } from '../../http/rate-limit.js';
import type { Logger } from '../../logger.js';
import { asksNotToBeTracked, isPrefetch, isRobot, readerOf, sourceOf } from './classify.js';
import type { Collector } from './collector.js';
import { pagePathOf } from './site-pages.js';

const ROUTE = API_ROUTES.analyticsHit;
const BODY_LIMIT = 4 * 1024;

/**
 * The limits of the catalogue's rate-limit classes the beacon answers, per client, as the routers
 * give endpointMounter theirs: kept in this process's memory, since a view must not cost a write.
 * 120 a minute is far above what a reader's pages send, far below what a flood does.
 */
const BEACON_RATE_LIMITS = {
  analytics: { max: 120, windowMs: 60_000 },
} as const satisfies Partial<Record<RateLimitClass, { max: number; windowMs: number }>>;

/** Pages of the members area and the API are nobody's reading: never counted. */
const NOT_READING = /^\/(?:api|members|auth)(?:[/?#]|$)/;

/** Whether a view landed from the newsletter's counting redirect, which tags the page's address. */
const fromNewsletter = (hit: AnalyticsHit) =>
  hit.utm_source === NEWSLETTER_LANDING_TAGS.utm_source &&
  hit.utm_medium === NEWSLETTER_LANDING_TAGS.utm_medium;

/** Answers the request if it is a page view (true), or leaves it to the app (false). */
export type Beacon = (req: IncomingMessage, res: ServerResponse) => boolean;

/** TRUST_PROXY as Express reads it: a hop count, everything, or addresses and named ranges. */
function trustOf(setting: boolean | number | string): (address: string, hop: number) => boolean {
  if (typeof setting === 'boolean') return () => setting;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting.split(',').map((part) => part.trim()));
}

/** A fixed window per client, in this process's memory: the limit writes nothing. */
function fixedWindowLimit(clock: Clock, { max, windowMs }: { max: number; windowMs: number }) {
  let window = 0;
  let counts = new Map<string, number>();
  return (key: string) => {
    const current = Math.floor(clock.now() / windowMs);
    if (current !== window) {
      window = current;
      counts = new Map();
    }
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    return count <= max;
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > BODY_LIMIT) {
      req.resume();
      return reject(new AppError(413, 'PAYLOAD_TOO_LARGE'));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        req.removeAllListeners('data');
        req.resume();
        reject(new AppError(413, 'PAYLOAD_TOO_LARGE'));
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body?: object): void {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (body) headers['Content-Type'] = 'application/json; charset=utf-8';
  res.writeHead(status, headers).end(body ? JSON.stringify(body) : undefined);
}

export function createBeacon(
  deps: {
    env: Pick<Env, 'ANALYTICS' | 'PUBLIC_URL' | 'WEB_ORIGIN' | 'TRUST_PROXY'>;
    clock: Clock;
    logger: Logger;
  },
  collector: Collector,
  reader: {
    /** Whether these headers carry the owner's session: their own visits are not readership. */
    isOwner(headers: IncomingHttpHeaders): boolean;
    /** Whether a path is a page of the site: a view of anything else is not counted. */
    isPage(path: string): boolean;
  },
): Beacon {
  const { env } = deps;
  const refusalOf = crossSiteRefusal(env);
  const trust = trustOf(env.TRUST_PROXY);
  const withinLimit = fixedWindowLimit(deps.clock, BEACON_RATE_LIMITS[ROUTE.rateLimit]);
  const ownHosts = new Set(
    [env.PUBLIC_URL, env.WEB_ORIGIN].map((url) =>
      new URL(url).hostname.toLowerCase().replace(/^www\./, ''),
    ),
  );

  async function count(req: IncomingMessage): Promise<void> {
    if (!env.ANALYTICS) throw new AppError(404, 'NOT_FOUND');
    const refusal = refusalOf(req.method, ROUTE.path, req.headers);
    if (refusal) throw refusal;
    const address = proxyAddr(req, trust);
    if (!withinLimit(clientKey(address))) throw new AppError(429, 'RATE_LIMITED');
    let raw: unknown;
    try {
      raw = JSON.parse(await readBody(req));
    } catch (error) {
      throw error instanceof AppError ? error : new AppError(400, 'INVALID_JSON');
    }
    const { body } = parseEndpointInput('analyticsHit', { body: raw });
    const userAgent = req.headers['user-agent'] ?? '';
    const path = pagePathOf(body.path);
    const counted =
      !isRobot(userAgent) &&
      !isPrefetch(req.headers) &&
      !NOT_READING.test(path) &&
      reader.isPage(path) &&
      !reader.isOwner(req.headers);
    if (!counted) return;
    collector.record(
      {
        ...body,
        path,
        source:
          sourceOf(body.referrer, ownHosts) || (fromNewsletter(body) ? NEWSLETTER_SOURCE : ''),
      },
      readerOf(userAgent),
      asksNotToBeTracked(req.headers) ? null : { address, userAgent },
    );
  }

  return (req, res) => {
    if (req.method !== 'POST' || req.url?.split('?')[0] !== ROUTE.path) return false;
    count(req).then(
      () => send(res, 204),
      (error: unknown) => {
        if (error instanceof AppError) {
          send(res, error.status, { success: false, code: error.code, message: error.message });
        } else {
          deps.logger.error({ err: error }, 'analytics: a page view could not be counted');
          send(res, 500, {
            success: false,
            code: 'INTERNAL_ERROR',
            message: MESSAGES.INTERNAL_ERROR,
          });
        }
      },
    );
    return true;
  };
}
