/**
 * The Webmention endpoint, and the HTTP Link header that tells senders where it is. Senders post
 * from their own servers with no Origin, as a form: this router is mounted outside the API's
 * same-site guard, with a form parser of its own.
 */
import { API_ROUTES, MESSAGES } from '@quillpost/domain';
import express, { Router, type RequestHandler } from 'express';
import { endpointMounter } from '../../http/endpoints.js';
import { limitByClient, RateLimiter } from '../../http/rate-limit.js';
import { acceptMention, type WebmentionDeps } from './service.js';

/** Where the endpoint is, from the site's own address (never the Host header). */
const endpointUrl = (publicUrl: string) => `${publicUrl}${API_ROUTES.webmention.path}`;

/** Far above what a site sends when it publishes a post, far below what makes a flood cost. */
const MENTIONS_PER_MINUTE = 30;

export function webmentionRoutes(
  deps: Pick<WebmentionDeps, 'db' | 'clock' | 'publicUrl' | 'content'>,
): Router {
  const router = Router();
  const perClient = new RateLimiter({
    db: deps.db,
    name: 'webmention',
    max: MENTIONS_PER_MINUTE,
    windowMs: 60_000,
    clock: deps.clock,
  });
  const mount = endpointMounter(router, {
    noStore: true,
    limits: { webmention: limitByClient(perClient, 'webmention') },
  });
  // Two addresses and nothing else: a form of a few kilobytes at most.
  router.use(API_ROUTES.webmention.path, express.urlencoded({ extended: false, limit: '10kb' }));
  mount('webmention', (_req, res, { body }) => {
    acceptMention(deps, body);
    res.status(202).json({ success: true, message: MESSAGES.WEBMENTION_ACCEPTED });
  });
  return router;
}

/** `Link: <…/webmention>; rel="webmention"` on every page the site renders. */
export function advertiseEndpoint(publicUrl: string): RequestHandler {
  const link = `<${endpointUrl(publicUrl)}>; rel="webmention"`;
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') res.append('Link', link);
    next();
  };
}
