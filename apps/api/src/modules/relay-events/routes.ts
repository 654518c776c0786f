import express, { Router } from 'express';
import { endpointMounter } from '../../http/endpoints.js';
import type { CommunityDeps, SnsClient } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { limitByClient, RateLimiter } from '../../http/rate-limit.js';
import { MAILGUN_MAX_SKEW_MS, readMailgunWebhook } from './mailgun.js';
import { postmarkAuthorized, readPostmarkWebhook } from './postmark.js';
import { recordRelayEvent, takeToken, type RelayEvent } from './service.js';
import {
  httpsSnsClient,
  isSnsUrl,
  parseSnsMessage,
  sesEvents,
  SNS_MAX_AGE_MS,
  verifySnsSignature,
} from './ses.js';

/** Webhook requests one client address may make a minute. */
export const WEBHOOK_HITS_PER_MINUTE = 600;

export type RelayWebhookDeps = CommunityDeps & {
  /** Fetches SNS certificates and confirms subscriptions; defaults to HTTPS. */
  sns?: SnsClient | undefined;
};

/**
 * POST /api/mail/webhooks/{mailgun,postmark,ses}: bounces and complaints a relay reports after
 * delivery. Relays post from their servers without an Origin, so this router is mounted before
 * the same-site guard; each request proves itself (a signature, or Basic credentials). An
 * endpoint whose secret is not configured answers 404.
 */
export function relayWebhookRoutes(deps: RelayWebhookDeps): Router {
  const { env, clock, logger } = deps;
  const sns = deps.sns ?? httpsSnsClient();
  const router = Router();

  const apply = (event: RelayEvent | null) => {
    const outcome = event ? recordRelayEvent(deps, event) : 'ignored';
    if (event) {
      logger.info(
        { relay: event.relay, kind: event.kind, eventId: event.eventId, outcome },
        'relay event',
      );
    }
    return outcome;
  };

  // A relay posts as fast as its readers bounce, from a few addresses; well below this, and far
  // above what any relay sends, a flood from one address stops costing work.
  const perClient = new RateLimiter({
    db: deps.db,
    name: 'relay-webhooks',
    max: WEBHOOK_HITS_PER_MINUTE,
    windowMs: 60_000,
    clock,
  });
  const mount = endpointMounter(router, {
    noStore: true,
    limits: { webhook: limitByClient(perClient, 'webhook') },
  });

  mount('mailgunWebhook', (req, res) => {
    const key = env.MAILGUN_WEBHOOK_SIGNING_KEY;
    if (!key) throw new AppError(404, 'NOT_FOUND');
    const verdict = readMailgunWebhook(req.body, key, clock.now());
    if (!verdict.ok) {
      if (verdict.why === 'malformed') throw new AppError(400, 'INVALID_REQUEST');
      logger.warn({ why: verdict.why }, 'relay event: mailgun webhook refused');
      throw new AppError(401, 'UNAUTHORIZED');
    }
    // Every verified token is taken once, whatever its event: the signature does not cover the
    // event data, so a token seen before (even on a delivery) is a replay.
    if (!takeToken(deps, 'mailgun', verdict.token, 2 * MAILGUN_MAX_SKEW_MS)) {
      logger.warn('relay event: mailgun token replayed');
      throw new AppError(401, 'UNAUTHORIZED');
    }
    apply(verdict.event);
    res.json({ success: true });
  });

  mount('postmarkWebhook', (req, res) => {
    const user = env.POSTMARK_WEBHOOK_USER;
    const password = env.POSTMARK_WEBHOOK_PASSWORD;
    if (!user || !password) throw new AppError(404, 'NOT_FOUND');
    if (!postmarkAuthorized(req.get('authorization'), { user, password })) {
      res.set('WWW-Authenticate', 'Basic realm="postmark"');
      throw new AppError(401, 'UNAUTHORIZED');
    }
    const event = readPostmarkWebhook(req.body, clock.now());
    if (event === undefined) throw new AppError(400, 'INVALID_REQUEST');
    // Postmark retries until it gets a 200; a retry of an applied event is simply done.
    apply(event);
    res.json({ success: true });
  });

  // SNS posts JSON as text/plain.
  const snsBody = express.text({ type: () => true, limit: '300kb' });
  mount(
    'sesWebhook',
    async (req, res) => {
      const topic = env.SES_SNS_TOPIC_ARN;
      if (!topic) throw new AppError(404, 'NOT_FOUND');
      let body: unknown = req.body;
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          throw new AppError(400, 'INVALID_REQUEST');
        }
      }
      const message = parseSnsMessage(body);
      if (!message) throw new AppError(400, 'INVALID_REQUEST');
      // An old signed message is a replay (SNS retries within minutes).
      const age = clock.now() - Date.parse(message.Timestamp);
      if (!(age < SNS_MAX_AGE_MS)) throw new AppError(401, 'UNAUTHORIZED');
      if (message.TopicArn !== topic || !(await verifySnsSignature(message, sns))) {
        logger.warn({ topic: message.TopicArn }, 'relay event: SNS message refused');
        throw new AppError(401, 'UNAUTHORIZED');
      }
      if (message.Type === 'SubscriptionConfirmation') {
        if (!message.SubscribeURL || !isSnsUrl(message.SubscribeURL)) {
          throw new AppError(400, 'INVALID_REQUEST');
        }
        await sns.confirm(message.SubscribeURL);
        logger.info({ topic }, 'relay event: SNS subscription confirmed');
      } else if (message.Type === 'Notification') {
        for (const event of sesEvents(message)) apply(event);
      }
      res.json({ success: true });
    },
    { before: snsBody },
  );

  return router;
}
