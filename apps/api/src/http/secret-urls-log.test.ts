import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { capturedLog } from '../test-support/captured-log.js';
import { confirmedSubscription, createUser } from '../test-support/community.js';
import { createTestApp } from '../test-support/test-app.js';
import { replyEmailsOffUrl } from '../modules/notifications/replies.js';
import { unsubscribeUrl } from '../modules/subscriptions/links.js';

describe('the request log', () => {
  it('never holds a token, a code or an address a URL carried', async () => {
    const log = capturedLog();
    const t = createTestApp({ deps: { logger: log.logger } });
    try {
      confirmedSubscription(t, 'reader@example.com');
      const subscriber = t.deps.db
        .prepare('SELECT id, link_key AS linkKey FROM subscriptions WHERE email = ?')
        .get('reader@example.com') as { id: number; linkKey: string };
      const member = createUser(t, { role: 'member' });
      const tokenLinks = [
        new URL(unsubscribeUrl(t.deps.env, subscriber)).pathname,
        new URL(replyEmailsOffUrl(t.deps.db, t.deps.env, member)).pathname,
      ];
      const secrets = tokenLinks.map((path) => path.slice(path.lastIndexOf('/') + 1));
      secrets.push('verify-token-1', 'magic-token-2', 'oauth-code-3', 'oauth-state-4');

      for (const path of tokenLinks) {
        expect((await request(t.app).get(path)).status, path).toBe(200);
        // A mangled copy of the link (a mail client's line break) is refused, and still redacted.
        expect((await request(t.app).get(`${path}%`)).status, path).toBe(400);
        expect((await request(t.app).get(path.toUpperCase())).status, path).toBeLessThan(500);
      }
      for (const path of tokenLinks) {
        const res = await request(t.app)
          .post(path)
          .type('form')
          .send({ 'List-Unsubscribe': 'One-Click' });
        expect(res.status, path).toBe(200);
      }
      await request(t.app).get('/verify?token=verify-token-1');
      await request(t.app).get('/?verify=verify-token-1&verified=true&email=reader%40example.com');
      await request(t.app).get('/api/auth/magic-link/verify?token=magic-token-2&returnUrl=/');
      await request(t.app).get('/api/oauth/callback/github?code=oauth-code-3&state=oauth-state-4');

      const text = log.text();
      expect(text).toContain('[redacted]');
      for (const secret of secrets) expect(text, secret).not.toContain(secret);
      expect(text).not.toContain('reader@example.com');
      expect(text).not.toContain('reader%40example.com');
    } finally {
      await t.cleanup();
    }
  });
});
