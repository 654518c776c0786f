import { generateKeyPairSync } from 'node:crypto';
import { deliverabilityReportSchema, type DeliverabilityReport } from '@quillpost/domain';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { as, insertPost, signInAs } from '../../test-support/community.js';
import { startDnsServer, type DnsZone } from '../../test-support/dns-server.js';
import { createTestApp, testAppPerTest } from '../../test-support/test-app.js';
import { freePort } from '../../test-support/free-port.js';

const { track } = testAppPerTest();

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PUBLIC_B64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const OTHER_B64 = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .publicKey.export({ type: 'spki', format: 'der' })
  .toString('base64');

const HEALTHY: DnsZone = {
  txt: {
    'rowan.example': ['v=spf1 include:relay.example ~all', 'google-site-verification=abc'],
    'mail._domainkey.rowan.example': [`v=DKIM1; k=rsa; p=${PUBLIC_B64}`],
    '_dmarc.rowan.example': ['v=DMARC1; p=quarantine; rua=mailto:dmarc@rowan.example'],
  },
  mx: { 'rowan.example': [{ exchange: 'mx1.relay.example', priority: 10 }] },
};

/** The site on a real port (PUBLIC_URL), asking the loopback DNS server, signing with DKIM. */
async function setup(zone: DnsZone, env: Record<string, string> = {}) {
  const dns = await startDnsServer(zone);
  track(() => dns.close());
  const port = await freePort();
  const t = createTestApp({
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      MAIL_FROM: 'Rowan Ellis <letters@rowan.example>',
      DNS_SERVERS: dns.address,
      DKIM_DOMAIN: 'rowan.example',
      DKIM_SELECTOR: 'mail',
      DKIM_PRIVATE_KEY: PRIVATE_PEM.replace(/\n/g, '\\n'),
      ...env,
    },
  });
  track(t.cleanup);
  const server = t.app.listen(port, '127.0.0.1');
  track(() => new Promise((resolve) => server.close(resolve)));
  const owner = await signInAs(t, 'admin', { email: 'owner@rowan.example' });
  const check = async () => {
    const res = await as(t, owner).post('/api/admin/newsletter/deliverability', {});
    expect(res.status).toBe(200);
    return deliverabilityReportSchema.parse(res.body);
  };
  return { t, dns, check };
}

const byCheck = (report: DeliverabilityReport) =>
  Object.fromEntries(report.lines.map((line) => [line.check, line]));

describe('the deliverability check', () => {
  it('is all green for a domain that is set up, and mails the owner a test issue', async () => {
    const { t, check } = await setup(HEALTHY);
    const post = insertPost(t, { title: 'Why I write in public', slug: 'why-i-write' });
    t.deps.db.prepare("UPDATE content_items SET category = 'write' WHERE id = ?").run(post);
    const report = await check();
    const lines = byCheck(report);
    expect(report.domain).toBe('rowan.example');
    expect(report.sentTo).toBe('owner@rowan.example');
    // Everything but the https requirement: this test site answers on http.
    expect(report.lines.filter((line) => !line.ok).map((line) => line.check)).toEqual([
      'list-unsubscribe',
    ]);
    expect(lines['list-unsubscribe']?.fix).toMatch(/https:\/\/ one-click link/);
    expect(lines.spf?.detail).toBe('v=spf1 include:relay.example ~all');
    expect(lines.dkim?.detail).toBe(
      'mail._domainkey.rowan.example holds the public half of DKIM_PRIVATE_KEY.',
    );
    expect(lines.dmarc?.detail).toMatch(/^Policy quarantine \(failures go to spam\)/);
    expect(lines.mx?.detail).toBe('10 mx1.relay.example');
    expect(lines['dkim-signature']?.detail).toBe('d=rowan.example; s=mail');
    expect(lines['message-id']?.detail).toMatch(/^<deliverability-[0-9a-f-]+@rowan\.example>$/);
    expect(lines['one-click']?.detail).toMatch(/answered 200\.$/);
    expect(report.headers.map((header) => header.name)).toEqual(
      expect.arrayContaining([
        'DKIM-Signature',
        'List-Unsubscribe',
        'List-Unsubscribe-Post',
        'List-ID',
      ]),
    );

    // The owner received the newest post as its issue goes out; its unsubscribe link changed nothing.
    const [mail] = t.mailer.messages;
    expect(mail?.to).toBe('owner@rowan.example');
    expect(mail?.subject).toBe('[Test] Why I write in public');
    expect(mail?.text).toContain('Read it on the site');
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM subscriptions').pluck().get()).toBe(0);
  });

  it('says what to fix for each red line', async () => {
    const { dns, check } = await setup({
      txt: {
        'rowan.example': ['v=spf1 include:a.example ?all', 'v=spf1 include:b.example ~all'],
        'mail._domainkey.rowan.example': [`v=DKIM1; k=rsa; p=${OTHER_B64}`],
      },
    });
    let lines = byCheck(await check());
    expect(lines.spf).toMatchObject({
      ok: false,
      detail: '2 SPF records at rowan.example.',
      fix: 'Merge them into one record: receivers treat more than one as a failure.',
    });
    expect(lines.dkim).toMatchObject({
      ok: false,
      detail: "mail._domainkey.rowan.example holds another key than DKIM_PRIVATE_KEY's.",
      fix: `Publish a TXT record at mail._domainkey.rowan.example: v=DKIM1; k=rsa; p=${PUBLIC_B64}`,
    });
    expect(lines.dmarc).toMatchObject({
      ok: false,
      detail: 'No DMARC record at _dmarc.rowan.example.',
    });
    expect(lines.dmarc?.fix).toMatch(
      /^Add a TXT record at _dmarc\.rowan\.example: v=DMARC1; p=none/,
    );
    expect(lines.mx).toMatchObject({ ok: false, detail: 'No MX record for rowan.example.' });

    dns.zone.txt!['rowan.example'] = ['v=spf1 include:a.example ?all'];
    lines = byCheck(await check());
    expect(lines.spf?.fix).toBe(
      'End the record with ~all or -all, so servers it does not list cannot send as rowan.example.',
    );
    dns.zone.txt!['rowan.example'] = ['v=spf1 redirect=_spf.relay.example'];
    lines = byCheck(await check());
    expect(lines.spf?.ok).toBe(true);
    delete dns.zone.txt!['rowan.example'];
    lines = byCheck(await check());
    expect(lines.spf?.detail).toBe('No SPF record at rowan.example.');

    // Spaces around "=" are allowed; two DMARC records are none; a null MX takes no mail.
    dns.zone.txt!['mail._domainkey.rowan.example'] = [`v=DKIM1; k = rsa; p = ${PUBLIC_B64}`];
    dns.zone.txt!['_dmarc.rowan.example'] = ['v=DMARC1; p = reject; sp=none'];
    dns.zone.mx = { 'rowan.example': [{ exchange: '.', priority: 0 }] };
    lines = byCheck(await check());
    expect(lines.dkim?.ok).toBe(true);
    expect(lines.dmarc?.detail).toMatch(/^Policy reject \(failures are refused\)/);
    expect(lines.mx).toMatchObject({ ok: false, detail: 'No MX record for rowan.example.' });
    dns.zone.txt!['_dmarc.rowan.example'] = ['v=DMARC1; p=none', 'v=DMARC1; p=reject'];
    lines = byCheck(await check());
    expect(lines.dmarc).toMatchObject({
      ok: false,
      detail: '2 DMARC records at _dmarc.rowan.example.',
    });
  });

  it('says when the signature does not match the From domain', async () => {
    const { check } = await setup(HEALTHY, { MAIL_FROM: 'Rowan <letters@elsewhere.example>' });
    const lines = byCheck(await check());
    expect(lines.dkim).toMatchObject({
      ok: false,
      detail: "DKIM_DOMAIN is rowan.example, MAIL_FROM's domain is elsewhere.example.",
    });
  });

  it('shows a site that does not sign its mail, and a one-click link that does not answer', async () => {
    const { t, check } = await setup(HEALTHY, {
      DKIM_DOMAIN: '',
      DKIM_SELECTOR: '',
      DKIM_PRIVATE_KEY: '',
      PUBLIC_URL: 'http://127.0.0.1:9',
    });
    const lines = byCheck(await check());
    // Nothing published yet: a short test message of its own.
    expect(t.mailer.messages[0]?.subject).toBe('[Test] Deliverability check for Rowan Ellis');
    expect(lines.dkim).toMatchObject({ ok: false, detail: 'The site does not sign its mail.' });
    expect(lines['dkim-signature']).toMatchObject({
      ok: false,
      detail: 'The message is not signed.',
    });
    expect(lines['one-click']?.ok).toBe(false);
    expect(lines['one-click']?.fix).toMatch(/PUBLIC_URL/);
  });

  it('the preview unsubscribe link answers a one-click POST with 200 and changes nothing', async () => {
    const t = createTestApp();
    track(t.cleanup);
    const post = await request(t.app)
      .post('/api/newsletter/unsubscribe/preview')
      .type('form')
      .send({ 'List-Unsubscribe': 'One-Click' });
    expect(post.status).toBe(200);
    expect(post.text).toContain('Nothing to unsubscribe');
  });
});
