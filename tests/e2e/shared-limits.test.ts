/**
 * Two API processes on one database (as behind a load balancer, or while a new release starts
 * beside the old one) share their rate limits: an address gets at most RATE_LIMIT_EMAIL_MAX (3)
 * confirmation mails an hour however its requests are spread.
 */
import path from 'node:path';
import { startSmtpSink, type SmtpSink } from '@quillpost/api/test-support/smtp-sink';
import { TURNSTILE_DUMMY_TOKEN } from '@quillpost/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type RunningSite } from '../support/site.js';
import { uniqueEmail } from '../support/stack.js';

let sink: SmtpSink;
let first: RunningSite;
let second: RunningSite;

beforeAll(async () => {
  sink = await startSmtpSink();
  first = await startSite({ smtpUrl: sink.url });
  second = await startSite({
    smtpUrl: sink.url,
    env: { DATABASE_PATH: path.join(first.dataDir, 'site.db') },
  });
});

afterAll(async () => {
  await second?.stop();
  await first?.stop();
  await sink?.close();
});

describe('rate limits across processes', () => {
  it('count every process’s mail to one address against one budget', async () => {
    const email = uniqueEmail('shared-limit');
    const statuses: number[] = [];
    for (const site of [first, second, first, second]) {
      const response = await fetch(`${site.url}/api/auth/subscribe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, name: 'Ada', turnstileToken: TURNSTILE_DUMMY_TOKEN }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    await sink.waitForMessages(3);
    // Long enough for a fourth to arrive if one had been queued.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(sink.messagesTo(email)).toHaveLength(3);
  });
});
