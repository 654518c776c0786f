/**
 * A copy of the database (or of a backup) must not hold a working sign-in link, code or manage
 * link once the mail that carried it is delivered (issue 14): bodies are sealed in the outbox,
 * wiped after delivery, and only hashes of tokens are kept anywhere else.
 */
import { TURNSTILE_DUMMY_TOKEN } from '@quillpost/domain';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection.js';
import { parseMagicLinkMail } from '../test-support/auth.js';
import { databaseFileBytes } from '../test-support/database-bytes.js';
import { createMailingApp, manageTokenIn, verifyTokenIn } from '../test-support/mailing-app.js';

type MailingApp = Awaited<ReturnType<typeof createMailingApp>>;
const open: MailingApp[] = [];
afterEach(async () => {
  for (const app of open.splice(0)) await app.close();
});

/** Every value of every row of every table, as text. */
function everyStoredValue(db: Db): string {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`)
    .pluck()
    .all() as string[];
  return tables
    .map((table) => JSON.stringify(db.prepare(`SELECT * FROM "${table}"`).all()))
    .join('\n');
}

describe('secrets at rest', () => {
  it('after a delivered sign-in mail, no table and no byte of the file holds its token or code', async () => {
    const t = await createMailingApp();
    open.push(t);
    await request(t.app)
      .post('/api/auth/magic-link')
      .send({ email: 'reader@example.test', returnUrl: '/' });
    await t.outbox.drain();
    const { token, code } = parseMagicLinkMail(t.sink.messages[0]!.text);
    expect(token.length).toBeGreaterThan(20);

    const stored = everyStoredValue(t.deps.db);
    expect(stored).not.toContain(token);
    expect(stored).not.toMatch(new RegExp(`\\b${code}\\b`));
    const bytes = databaseFileBytes(t.deps.db);
    expect(bytes).not.toContain(token);
    expect(bytes).not.toContain(`code instead: ${code}`);
  });

  it('nor its confirmation token or manage link after subscribing and confirming', async () => {
    const t = await createMailingApp();
    open.push(t);
    await request(t.app)
      .post('/api/auth/subscribe')
      .send({ email: 'reader@example.test', turnstileToken: TURNSTILE_DUMMY_TOKEN });
    await t.outbox.drain();
    const verifyToken = verifyTokenIn(t.sink.messages[0]);
    await request(t.app).get('/verify').query({ token: verifyToken });
    await t.outbox.drain();
    const manageToken = manageTokenIn(t.sink.messages.at(-1));

    for (const secret of [verifyToken, manageToken]) {
      expect(everyStoredValue(t.deps.db)).not.toContain(secret);
      expect(databaseFileBytes(t.deps.db)).not.toContain(secret);
    }
  });
});
