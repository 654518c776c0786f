/**
 * The owner's deliverability check: does the sending domain say who may send as it (SPF), sign
 * (DKIM), ask receivers to enforce both (DMARC) and receive replies (MX); and does an issue carry
 * what Gmail and Yahoo require of bulk mail (one-click unsubscribe, a signature, a Message-ID, a
 * plain-text part)? A test message to the owner shows the headers exactly as they are sent.
 */
import { createPublicKey, randomUUID } from 'node:crypto';
import { siteIdentity } from '../site/index.js';
import { Resolver } from 'node:dns/promises';
import type {
  DeliverabilityCheck,
  DeliverabilityLine,
  DeliverabilityReport,
} from '@quillpost/domain';
import { isoNow, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Env } from '../../env.js';
import { dkimOf } from '../../mail/create-mailer.js';
import type { MailDeliveryError, MailMessage, Mailer } from '../../mail/mailer.js';
import { DomainError } from '../../domain-error.js';
import type { Logger } from '../../logger.js';
import { renderRawMessage, type DkimOptions } from '../../mail/smtp-mailer.js';
import { renderEmail } from '../../mail/templates.js';
import {
  addressOf,
  fromDomain,
  issueHeaders,
  personalize,
  renderIssue,
  sampleLinks,
} from './compose.js';
import { issueSourceOf, publishedItems, sectionOf } from './source.js';

/** The two lookups the check makes; node's resolver, pointed at DNS_SERVERS when set. */
export interface DnsLookup {
  resolveTxt(name: string): Promise<string[][]>;
  resolveMx(name: string): Promise<Array<{ exchange: string; priority: number }>>;
}

export function dnsLookup(servers: string | undefined): DnsLookup {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  const list =
    servers
      ?.split(',')
      .map((server) => server.trim())
      .filter(Boolean) ?? [];
  if (list.length) resolver.setServers(list);
  return resolver;
}

const NO_RECORDS = new Set(['ENOTFOUND', 'ENODATA']);

/** A lookup's records, none when the name has none; other failures are thrown. */
async function records<T>(lookup: Promise<T[]>): Promise<T[]> {
  try {
    return await lookup;
  } catch (error) {
    if (NO_RECORDS.has((error as NodeJS.ErrnoException).code ?? '')) return [];
    throw error;
  }
}

/** The TXT records at `name`, each joined from its chunks. */
const txt = async (dns: DnsLookup, name: string) =>
  (await records(dns.resolveTxt(name))).map((chunks) => chunks.join(''));

/** A tag's value in a `tag=value; …` record (DKIM, DMARC, DKIM-Signature), spaces allowed. */
function tagOf(record: string, tag: string): string | undefined {
  return new RegExp(`(?:^|;)\\s*${tag}\\s*=\\s*([^;]*)`, 'i').exec(record)?.[1]?.trim();
}

const LABELS: Record<DeliverabilityCheck, string> = {
  spf: 'SPF',
  dkim: 'DKIM record',
  dmarc: 'DMARC',
  mx: 'MX',
  'list-unsubscribe': 'List-Unsubscribe',
  'list-unsubscribe-post': 'List-Unsubscribe-Post',
  'dkim-signature': 'DKIM-Signature',
  'message-id': 'Message-ID',
  'text-part': 'Plain-text part',
  'one-click': 'One-click unsubscribe',
};

const green = (check: DeliverabilityCheck, detail: string): DeliverabilityLine => ({
  check,
  label: LABELS[check],
  ok: true,
  detail,
  fix: null,
});

const red = (check: DeliverabilityCheck, detail: string, fix: string): DeliverabilityLine => ({
  check,
  label: LABELS[check],
  ok: false,
  detail,
  fix,
});

/** A lookup that failed for another reason than "no such record" is a red line of its own. */
async function guarded(
  check: DeliverabilityCheck,
  run: () => Promise<DeliverabilityLine>,
): Promise<DeliverabilityLine> {
  try {
    return await run();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return red(check, `The DNS lookup failed (${code}).`, 'Check the domain and try again.');
  }
}

async function spfLine(dns: DnsLookup, domain: string): Promise<DeliverabilityLine> {
  const records = (await txt(dns, domain)).filter((record) => /^v=spf1(\s|$)/i.test(record));
  const [record] = records;
  if (!record) {
    return red(
      'spf',
      `No SPF record at ${domain}.`,
      `Add a TXT record at ${domain}: v=spf1 include:<your relay's SPF domain> ~all`,
    );
  }
  if (records.length > 1) {
    return red(
      'spf',
      `${records.length} SPF records at ${domain}.`,
      'Merge them into one record: receivers treat more than one as a failure.',
    );
  }
  const value = record.trim();
  // A redirect= hands the whole policy to the record it names, unless an "all" comes first.
  const hasAll = /\s[~?+-]?all(\s|$)/i.test(value);
  const closed =
    /\s[~-]all(\s+exp=\S+)?$/i.test(value) || (!hasAll && /\sredirect=\S+/i.test(value));
  return closed
    ? green('spf', record)
    : red(
        'spf',
        record,
        `End the record with ~all or -all, so servers it does not list cannot send as ${domain}.`,
      );
}

/** The base64 DER of the public half, as a DKIM record's p= holds it. */
function publicKeyOf(privateKey: string): string {
  return createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
}

const DKIM_SETUP =
  'Set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY so the site signs its mail, or make sure your relay signs it with a key published under your domain.';

/** Relaxed DMARC alignment: the signing domain is the From domain or one of its parents. */
function aligned(signing: string, from: string): boolean {
  const [a, b] = [signing.toLowerCase(), from.toLowerCase()];
  return a === b || b.endsWith(`.${a}`);
}

async function dkimLine(
  dns: DnsLookup,
  dkim: DkimOptions | undefined,
  domain: string,
): Promise<DeliverabilityLine> {
  if (!dkim) return red('dkim', 'The site does not sign its mail.', DKIM_SETUP);
  if (!aligned(dkim.domainName, domain)) {
    return red(
      'dkim',
      `DKIM_DOMAIN is ${dkim.domainName}, MAIL_FROM's domain is ${domain}.`,
      `Sign as ${domain} (DKIM_DOMAIN) or send from an address at ${dkim.domainName}: DMARC passes only when the signature matches the From domain.`,
    );
  }
  const name = `${dkim.keySelector}._domainkey.${dkim.domainName}`;
  const expected = publicKeyOf(dkim.privateKey);
  const publish = `Publish a TXT record at ${name}: v=DKIM1; k=rsa; p=${expected}`;
  const record = (await txt(dns, name)).find((value) => tagOf(value, 'p') !== undefined);
  if (!record) return red('dkim', `No DKIM record at ${name}.`, publish);
  const published = tagOf(record, 'p')?.replace(/\s+/g, '') ?? '';
  return published === expected
    ? green('dkim', `${name} holds the public half of DKIM_PRIVATE_KEY.`)
    : red('dkim', `${name} holds another key than DKIM_PRIVATE_KEY's.`, publish);
}

async function dmarcLine(dns: DnsLookup, domain: string): Promise<DeliverabilityLine> {
  const name = `_dmarc.${domain}`;
  const records = (await txt(dns, name)).filter((value) => /^v\s*=\s*DMARC1\s*(;|$)/i.test(value));
  const [record] = records;
  const fix = `Add a TXT record at ${name}: v=DMARC1; p=none; rua=mailto:dmarc@${domain} (Gmail and Yahoo require one; move to p=quarantine once the reports look right).`;
  if (!record) return red('dmarc', `No DMARC record at ${name}.`, fix);
  if (records.length > 1) {
    return red(
      'dmarc',
      `${records.length} DMARC records at ${name}.`,
      'Keep one: with more than one, receivers apply none.',
    );
  }
  const policy = tagOf(record, 'p')?.toLowerCase();
  const meanings: Record<string, string> = {
    none: 'monitoring only',
    quarantine: 'failures go to spam',
    reject: 'failures are refused',
  };
  const meaning = policy ? meanings[policy] : undefined;
  return meaning
    ? green('dmarc', `Policy ${policy} (${meaning}): ${record}`)
    : red('dmarc', record, 'Give the record a policy: p=none, p=quarantine or p=reject.');
}

async function mxLine(dns: DnsLookup, domain: string, from: string): Promise<DeliverabilityLine> {
  // A null MX ("0 .") says the domain takes no mail at all.
  const mx = (await records(dns.resolveMx(domain))).filter(
    (record) => record.exchange !== '' && record.exchange !== '.',
  );
  return mx.length
    ? green(
        'mx',
        [...mx]
          .sort((a, b) => a.priority - b.priority)
          .map((record) => `${record.priority} ${record.exchange}`)
          .join(', '),
      )
    : red(
        'mx',
        `No MX record for ${domain}.`,
        `Add an MX record for ${domain}, so replies and bounces to ${from} reach a mailbox.`,
      );
}

/** The header block of a raw message, unfolded, in order. */
export function headersOf(raw: string): Array<{ name: string; value: string }> {
  const end = raw.search(/\r?\n\r?\n/);
  return (end < 0 ? raw : raw.slice(0, end))
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .map((line) => {
      const colon = line.indexOf(':');
      return { name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
    })
    .filter((header) => header.name);
}

/** POSTs the one-click URL as a mail provider does: no cookies, the RFC 8058 body. */
async function oneClickLine(url: string | undefined): Promise<DeliverabilityLine> {
  if (!url) return red('one-click', 'The message has no one-click link.', 'See List-Unsubscribe.');
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
      redirect: 'manual',
      signal: AbortSignal.timeout(5_000),
    });
    return response.status === 200
      ? green('one-click', `POST ${url} answered 200.`)
      : red(
          'one-click',
          `POST ${url} answered ${response.status}.`,
          'It must answer 200 to a POST without cookies: check PUBLIC_URL and the proxy in front of the site.',
        );
  } catch (error) {
    return red(
      'one-click',
      `POST ${url} failed: ${(error as Error).message}.`,
      'PUBLIC_URL must be the address the site answers on from the internet.',
    );
  }
}

function messageLines(
  raw: string,
  headers: Array<{ name: string; value: string }>,
  domain: string,
): { lines: DeliverabilityLine[]; oneClickUrl: string | undefined } {
  const header = (name: string) =>
    headers.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase())?.value;
  const listUnsubscribe = header('List-Unsubscribe');
  const oneClickUrl = /<(https?:\/\/[^>]+)>/.exec(listUnsubscribe ?? '')?.[1];
  const post = header('List-Unsubscribe-Post');
  const signature = header('DKIM-Signature');
  const messageId = header('Message-ID');
  const lines = [
    oneClickUrl?.startsWith('https://')
      ? green('list-unsubscribe', listUnsubscribe!)
      : red(
          'list-unsubscribe',
          listUnsubscribe ?? 'Missing.',
          'Gmail and Yahoo need an https:// one-click link: set PUBLIC_URL to the site’s https address.',
        ),
    post === 'List-Unsubscribe=One-Click'
      ? green('list-unsubscribe-post', post)
      : red(
          'list-unsubscribe-post',
          post ?? 'Missing.',
          'Every issue must carry List-Unsubscribe-Post: List-Unsubscribe=One-Click.',
        ),
    signature
      ? green(
          'dkim-signature',
          ['d', 's'].map((tag) => `${tag}=${tagOf(signature, tag) ?? '?'}`).join('; '),
        )
      : red('dkim-signature', 'The message is not signed.', DKIM_SETUP),
    messageId?.endsWith(`@${domain}>`)
      ? green('message-id', messageId)
      : red(
          'message-id',
          messageId ?? 'Missing.',
          `Message-IDs should end in @${domain}, the sending domain.`,
        ),
    /^content-type:\s*text\/plain/im.test(raw)
      ? green('text-part', 'text/plain alongside the HTML.')
      : red('text-part', 'HTML only.', 'Send a plain-text part with every message.'),
  ];
  return { lines, oneClickUrl };
}

export interface DeliverabilityDeps {
  db: Db;
  clock: Clock;
  env: Env;
  /** Sends the test message: the transactional mailer. */
  mailer: Mailer;
  logger: Logger;
}

/**
 * The newest published post as its issue would go out, with the preview's links; a short note of
 * its own while nothing is published.
 */
function testIssue({ db, clock, env }: DeliverabilityDeps): Omit<MailMessage, 'to'> {
  const [latest] = publishedItems(db, 'post', isoNow(clock));
  const section = latest ? sectionOf('post', latest.category) : null;
  if (latest && section) {
    const issue = renderIssue(
      env,
      issueSourceOf({ env, db }, 'post', latest, section),
      `[Test] ${latest.title}`,
    );
    return personalize(issue, sampleLinks(env));
  }
  const site = siteIdentity(db);
  const content = renderEmail({
    site,
    heading: 'A test from the deliverability check',
    paragraphs: [
      'The deliverability check sent this message to see it as a receiver does. Its unsubscribe link changes nothing.',
    ],
    reason: `You are receiving this because you ran the deliverability check of ${site.title}.`,
  });
  return { subject: `[Test] Deliverability check for ${siteIdentity(db).title}`, ...content };
}

/** Runs every check for MAIL_FROM's domain and mails the owner (`to`) a test issue. */
export async function checkDeliverability(
  deps: DeliverabilityDeps,
  to: string,
): Promise<Omit<DeliverabilityReport, 'success'>> {
  const { env, mailer, logger } = deps;
  const domain = fromDomain(env.MAIL_FROM);
  const from = addressOf(env.MAIL_FROM);
  const dns = dnsLookup(env.DNS_SERVERS);
  const dkim = dkimOf(env);

  const message: MailMessage = {
    to,
    ...testIssue(deps),
    messageId: `<deliverability-${randomUUID()}@${domain}>`,
    headers: issueHeaders(env, 'preview'),
  };
  const raw = await renderRawMessage(env.MAIL_FROM, dkim, message);
  const headers = headersOf(raw);
  const { lines: received, oneClickUrl } = messageLines(raw, headers, domain);
  const [dnsLines, oneClick] = await Promise.all([
    Promise.all([
      guarded('spf', () => spfLine(dns, domain)),
      guarded('dkim', () => dkimLine(dns, dkim, domain)),
      guarded('dmarc', () => dmarcLine(dns, domain)),
      guarded('mx', () => mxLine(dns, domain, from)),
    ]),
    oneClickLine(oneClickUrl),
    mailer.send(message).catch((error: unknown) => {
      logger.warn(
        { responseCode: (error as MailDeliveryError).responseCode },
        'deliverability: test message failed',
      );
      throw DomainError.upstreamFailed('NEWSLETTER_TEST_FAILED');
    }),
  ]);
  return { domain, sentTo: to, lines: [...dnsLines, ...received, oneClick], headers };
}
