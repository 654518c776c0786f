import type { Express } from 'express';
import request, { type Response } from 'supertest';
import { listOutbox } from '../mail/outbox.js';

/** The app's database and env: what reading a queued mail's sealed body takes. */
type OutboxReader = Parameters<typeof listOutbox>[0];

/** Test helpers for anything behind sign-in: get a real session the way a browser does. */

/** The full Set-Cookie line for a cookie (also its production `__Host-` name), to check attributes. */
export function setCookieLine(res: Response, name: string): string | undefined {
  const header = res.headers['set-cookie'] as unknown;
  const list = Array.isArray(header)
    ? (header as string[])
    : typeof header === 'string'
      ? [header]
      : [];
  return list.find(
    (cookie) => cookie.startsWith(`${name}=`) || cookie.startsWith(`__Host-${name}=`),
  );
}

/** `name=value` of a cookie the response sets (undefined when it sets none, `name=` when it clears it). */
export function cookieFrom(res: Response, name: string): string | undefined {
  return setCookieLine(res, name)?.split(';')[0];
}

/** The newest magic-link mail queued for an address: its link and 6-digit code. */
export function latestMagicLinkMail(
  deps: OutboxReader,
  email: string,
): { url: URL; token: string; code: string } {
  const mail = listOutbox(deps, { recipient: email, kind: 'magic-link' }).at(-1);
  if (!mail) throw new Error(`no magic-link mail for ${email}`);
  if (!mail.body) throw new Error(`the magic-link mail for ${email} was already delivered`);
  return parseMagicLinkMail(mail.body.text);
}

export function parseMagicLinkMail(text: string): { url: URL; token: string; code: string } {
  const link = text.match(/https?:\/\/\S+\/api\/auth\/magic-link\/verify\?\S+/)?.[0];
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (!link || !code) throw new Error(`no magic link or code in: ${text}`);
  const url = new URL(link);
  return { url, token: url.searchParams.get('token') ?? '', code };
}

/** Opens the confirm page of a link and submits its form, as a browser would. */
export async function confirmMagicLink(
  app: Express,
  url: URL,
  cookie?: string,
): Promise<{ page: Response; res: Response }> {
  const pageRequest = request(app).get(url.pathname + url.search);
  const page = await (cookie ? pageRequest.set('Cookie', cookie) : pageRequest);
  const confirmCookie = cookieFrom(page, 'qp_magic_confirm');
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1];
  const token = /name="token" value="([^"]+)"/.exec(page.text)?.[1];
  const res = await request(app)
    .post('/api/auth/magic-link/verify')
    .set('Cookie', [confirmCookie, cookie].filter(Boolean).join('; '))
    .type('form')
    .send({ token: token ?? '', csrf: csrf ?? '' });
  return { page, res };
}

/**
 * Signs an address in through the real magic-link flow (request, queued mail, confirm page,
 * POST) and returns the `qp_session=...` cookie. Each call uses one of the address's 3 sends
 * per hour; advance the test clock or use another address beyond that.
 */
export async function signInWithMagicLink(
  app: Express,
  deps: OutboxReader,
  email: string,
): Promise<string> {
  const requested = await request(app).post('/api/auth/magic-link').send({ email });
  if (requested.status !== 200) throw new Error(`magic link request failed: ${requested.status}`);
  const { url } = latestMagicLinkMail(deps, email);
  const { res } = await confirmMagicLink(app, url);
  const session = cookieFrom(res, 'qp_session');
  if (res.status !== 303 || !session)
    throw new Error(`magic link sign-in failed: ${res.status} ${res.text}`);
  return session;
}
