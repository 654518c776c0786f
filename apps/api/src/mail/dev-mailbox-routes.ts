import { Router } from 'express';
import type { DevMailbox } from './dev-mailbox.js';
import { escapeHtml } from '@quillpost/domain';

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * GET /dev/mailbox: every message the development mailbox received, newest first, as the HTML
 * part and the text part with clickable links; /dev/mailbox.json for scripts. Only mounted
 * when the mailer is the DevMailbox and NODE_ENV is not production.
 */
export function devMailboxRoutes(mailbox: DevMailbox): Router {
  const router = Router();
  router.get('/dev/mailbox.json', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ success: true, messages: mailbox.messages });
  });
  router.get('/dev/mailbox', (_req, res) => {
    const items = mailbox.messages
      .map(
        (message) => `<article>
<h2>${escapeHtml(message.subject)}</h2>
<p class="meta">To ${escapeHtml(message.to)} &middot; ${escapeHtml(message.receivedAt)}</p>
<details open><summary>HTML</summary><div class="html">${message.html}</div></details>
<details><summary>Text</summary><pre>${linkify(message.text)}</pre></details>
</article>`,
      )
      .join('\n');
    res.set('Cache-Control', 'no-store').type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccd;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#667}pre{white-space:pre-wrap}</style>
</head><body>
<h1>Dev mailbox (${mailbox.messages.length})</h1>
<p>Mail the API would have sent; nothing leaves this machine without SMTP_URL.</p>
${items || '<p>No messages yet.</p>'}
</body></html>`);
  });
  return router;
}
