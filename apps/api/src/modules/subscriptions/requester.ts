import type { Request } from 'express';
import type { Db } from '../../db/connection.js';
import type { Env } from '../../env.js';
import { DomainError } from '../../domain-error.js';
import { tokenSubscriberId, verifySubscriberToken } from './links.js';
import { findByEmail, findById, type SubscriptionRow } from './store/subscriptions.js';

/** Reads the signed-in user's verified email from a request; wired to the auth module in app.ts. */
export type SessionEmailReader = (
  req: Request,
) => string | null | undefined | Promise<string | null | undefined>;

export interface RequesterDeps {
  db: Db;
  env: Pick<Env, 'SESSION_SECRET'>;
  sessionEmail?: SessionEmailReader | undefined;
}

/** The manage token, from the `X-Manage-Token` header, the `manage` query or a `manageToken` field. */
function manageTokenOf(req: Request): string | undefined {
  const header = req.get('x-manage-token');
  if (header) return header;
  const query: unknown = req.query.manage;
  if (typeof query === 'string') return query;
  const body: unknown = req.body;
  if (typeof body === 'object' && body !== null && 'manageToken' in body) {
    const field: unknown = body.manageToken;
    if (typeof field === 'string') return field;
  }
  return undefined;
}

/** The subscriber a valid manage token names, if any. */
export function manageTokenSubscriber(
  { db, env }: RequesterDeps,
  token: string | undefined,
): SubscriptionRow | undefined {
  const id = tokenSubscriberId(token);
  if (id === null || !token) return undefined;
  const row = findById(db, id);
  if (!row) return undefined;
  const subject = { id: row.id, linkKey: row.link_key };
  return verifySubscriberToken(env.SESSION_SECRET, 'manage', token, subject) ? row : undefined;
}

/**
 * The one seam for "whose subscription may this request touch": the address proven by a manage
 * token that came in an email, or else by the signed-in session. Null when neither proves one.
 */
export async function requesterEmail(req: Request, deps: RequesterDeps): Promise<string | null> {
  const viaToken = manageTokenSubscriber(deps, manageTokenOf(req));
  if (viaToken) return viaToken.email;
  const viaSession = deps.sessionEmail ? await deps.sessionEmail(req) : null;
  return viaSession ?? null;
}

/** Whether the request proves it owns `email`. */
export async function provesOwnership(
  req: Request,
  deps: RequesterDeps,
  email: string,
): Promise<boolean> {
  const proven = await requesterEmail(req, deps);
  // Both sides are canonical (the shared email schema, and the stored addresses after 008).
  return proven !== null && proven === email;
}

/**
 * The subscription of `email`, if the request proves it is the requester's: 401 UNAUTHORIZED
 * otherwise (whether or not the address is subscribed), 404 when proven but not subscribed.
 */
export async function requireOwnSubscription(
  req: Request,
  deps: RequesterDeps,
  email: string,
): Promise<SubscriptionRow> {
  if (!(await provesOwnership(req, deps, email))) throw DomainError.notSignedIn();
  const row = findByEmail(deps.db, email);
  if (!row) throw DomainError.notFound();
  return row;
}
