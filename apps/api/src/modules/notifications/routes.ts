import { TOKEN_LINK_PATHS } from '@quillpost/domain';
import { siteIdentity } from '../site/index.js';
import express, { Router, type Response } from 'express';
import { isoNow } from '../../clock.js';
import type { CommunityDeps } from '../../deps.js';
import type { MountEndpoint } from '../../http/endpoints.js';
import { sendSmallPage } from '../../http/small-pages.js';
import { replyEmailsWanted, setReplyEmails, signedInUser } from '../auth/index.js';
import { userOfReplyEmailsOffToken } from './replies.js';

/** The Account page's switch for reply emails. */
export function notificationRoutes(deps: CommunityDeps, mount: MountEndpoint): void {
  const { db } = deps;
  mount('notificationsGet', (req, res) => {
    const user = signedInUser(req);
    res.json({ success: true, notifications: { replies: replyEmailsWanted(db, user.id) } });
  });
  mount('notificationsUpdate', (req, res, { body }) => {
    const user = signedInUser(req);
    setReplyEmails(db, user.id, body.replies, isoNow(deps.clock));
    res.json({ success: true, notifications: { replies: replyEmailsWanted(db, user.id) } });
  });
}

/**
 * The link in every reply email: GET asks, POST (a mail client's one-click, or the page's
 * button) turns reply emails off. Mounted before the same-site guard, like the newsletter's.
 */
export function replyEmailsOffRoutes(deps: CommunityDeps): Router {
  const { db, env } = deps;
  const router = Router();
  const path = TOKEN_LINK_PATHS.replyEmailsOff;
  // Read per request: the owner may rename the site while the server runs.
  const page = (body: string) => {
    const site = siteIdentity(db);
    return { site, title: `${site.title}: reply emails`, body: () => body };
  };
  const invalid = (res: Response) =>
    sendSmallPage(
      res,
      404,
      page(
        '<h1>This link does not work</h1><p>Turn reply emails off on your Account page instead.</p>',
      ),
    );

  router.get(path, (req, res) => {
    if (userOfReplyEmailsOffToken(db, env.SESSION_SECRET, req.params.token) === null)
      return invalid(res);
    sendSmallPage(
      res,
      200,
      page(`<h1>No more reply emails?</h1>
<p>You will no longer get an email when someone replies to your comments. You can turn them back on on your Account page.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Turn reply emails off</button></form>`),
      { formAction: [] },
    );
  });

  router.post(path, express.urlencoded({ extended: false, limit: '1kb' }), (req, res) => {
    const userId = userOfReplyEmailsOffToken(db, env.SESSION_SECRET, req.params.token);
    if (userId === null) return invalid(res);
    setReplyEmails(db, userId, false, isoNow(deps.clock));
    sendSmallPage(
      res,
      200,
      page(
        '<h1>Reply emails are off</h1><p>Turn them back on at any time on your Account page.</p>',
      ),
    );
  });
  return router;
}
