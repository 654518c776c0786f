/**
 * Properties of the canonical address (packages/domain email-address.ts) against the mailer that
 * really delivers: whatever the form accepts reaches exactly one mailbox, the one every limit and
 * uniqueness rule keys on.
 */
import { domainToASCII } from 'node:url';
import { canonicalEmail } from '@quillpost/domain';
import fc from 'fast-check';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';

const transport = nodemailer.createTransport({ jsonTransport: true });

async function recipientsOf(to: string): Promise<string[]> {
  const info = await transport.sendMail({ from: 'site@example.com', to, subject: 's', text: 't' });
  return info.envelope.to;
}

const ATEXT = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~-";
const char = (alphabet: string) => fc.constantFrom(...Array.from(alphabet));
const word = (alphabet: string, maxLength: number) =>
  fc.array(char(alphabet), { minLength: 1, maxLength }).map((chars) => chars.join(''));

// Characters that make an address something other than a plain addr-spec, and look-alikes.
const NOISE = ' <>"(),;:[]\\@.\t\r\n\u00a0\u0435\uff20\uff0e\uff52';
const UNICODE_LETTERS = 'äöüßéñçøåπλжд中文ΩİŁ';

const localPart = fc
  .array(word(ATEXT + NOISE, 12), { minLength: 1, maxLength: 3 })
  .map((atoms) => atoms.join('.'));
const label = fc.oneof(
  word('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-', 12),
  word(`abcxyz${UNICODE_LETTERS}`, 8),
  word(`abc${NOISE}`, 6),
);
const domain = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));
const wrapper = fc.constantFrom(
  (address: string) => address,
  (address: string) => ` ${address}\n`,
  (address: string) => `<${address}>`,
  (address: string) => `x<${address}>`,
  (address: string) => `"Reader" <${address}>`,
  (address: string) => `${address}>`,
  (address: string) => `${address}, other@example.com`,
  (address: string) => address.toUpperCase(),
  // Full-width forms of every ASCII character.
  (address: string) =>
    address.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
);
const candidate = fc
  .tuple(localPart, domain, wrapper)
  .map(([local, host, wrap]) => wrap(`${local}@${host}`));

describe('canonical addresses and the mailer', () => {
  it('every accepted input, as the server hands it over, reaches one recipient: its canonical form', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(candidate, fc.string({ unit: 'binary', maxLength: 80 })),
        async (input) => {
          const check = canonicalEmail(input);
          if (check.ok) expect(await recipientsOf(check.email)).toEqual([check.email]);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('an accepted input handed over as typed never reaches a second mailbox', async () => {
    await fc.assert(
      fc.asyncProperty(candidate, async (input) => {
        const check = canonicalEmail(input);
        if (!check.ok) return;
        const raw = await recipientsOf(input);
        expect(raw.length).toBeLessThanOrEqual(1);
        // Without Unicode in play (nothing for NFKC or punycode to do), it is the same mailbox.
        if (/^[\x20-\x7e\s]*$/.test(input))
          expect(raw.map((to) => to.toLowerCase())).toEqual([check.email]);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses every form a mailer reads as something else', () => {
    fc.assert(
      fc.property(candidate, (input) => {
        const check = canonicalEmail(input);
        if (/[<>"(),;:[\]\\]/.test(input)) expect(check.ok).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('writes internationalised domains as the URL standard does', () => {
    fc.assert(
      fc.property(
        fc.array(word(`abc-${UNICODE_LETTERS}`, 10), { minLength: 2, maxLength: 3 }),
        (labels) => {
          const host = labels.join('.');
          const check = canonicalEmail(`reader@${host}`);
          const expected = domainToASCII(host.normalize('NFKC').toLowerCase());
          if (check.ok) expect(check.email).toBe(`reader@${expected}`);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
