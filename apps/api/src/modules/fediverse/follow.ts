/**
 * "Follow from your server" (issue 38 item 2): the Follow box under posts and on the home page is
 * a plain GET form, so it works without JavaScript. It comes here with the server the reader
 * named, and goes on to that server's page for following the site's account; a name that is no
 * server's comes back with a page that says so.
 */
import {
  escapeHtml,
  FOLLOW_FROM_SERVER_PATH,
  followServerOf,
  remoteFollowUrl,
} from '@quillpost/domain';
import type { RequestHandler } from 'express';
import type { Db } from '../../db/connection.js';
import { sendSmallPage } from '../../http/small-pages.js';
import { fullHandle, siteIdentity } from '../site/index.js';

export function followFromYourServer(deps: { db: Db; publicUrl: string }): RequestHandler {
  return (req, res, next) => {
    if (req.path !== FOLLOW_FROM_SERVER_PATH || req.method !== 'GET') return next();
    const account = fullHandle(deps.db, deps.publicUrl);
    const written = typeof req.query.server === 'string' ? req.query.server : '';
    const server = followServerOf(written);
    if (server && server !== new URL(deps.publicUrl).hostname) {
      // Not a redirect: the site's CSP lets its forms lead only to the site (form-action), and
      // a browser holds a form's redirects to that too. A page that moves on by itself is a new
      // navigation, and its link is there for a browser that will not.
      const onward = escapeHtml(remoteFollowUrl(server, account));
      sendSmallPage(res, 200, {
        site: siteIdentity(deps.db),
        title: 'Follow from your server',
        body: () => `<meta http-equiv="refresh" content="0; url=${onward}">
<h1>Follow from your server</h1>
<p>On to ${escapeHtml(server)}, where you can follow ${escapeHtml(account)}.</p>
<p><a href="${onward}">Continue to ${escapeHtml(server)}</a></p>`,
      });
      return;
    }
    sendSmallPage(
      res,
      400,
      {
        site: siteIdentity(deps.db),
        title: 'Follow from your server',
        body: () => `<h1>Follow from your server</h1>
<p>${written.trim() ? `“${escapeHtml(written.trim())}” is not a server’s name.` : 'Which server is your account on?'} Type its name, like mastodon.social, or your own handle on it.</p>
<form method="get" action="${FOLLOW_FROM_SERVER_PATH}">
<label for="server">Your server</label>
<input id="server" name="server" value="${escapeHtml(written.trim())}" autocomplete="off" required>
<button type="submit">Follow ${escapeHtml(account)}</button>
</form>`,
      },
      { formAction: [] },
    );
  };
}
