/**
 * One canonical form per mailbox, so that limits, uniqueness and sign-in key on the mailbox the
 * mail actually reaches, however the address was typed (decision 0010).
 *
 * Accepted: a plain addr-spec, `local@domain`. The local part is an ASCII dot-atom (no quoted
 * strings, no homoglyphs); the domain is host names, internationalised ones written in punycode.
 * Refused: display names, angle brackets, comments, IP literals, empty labels and stray dots —
 * every form where the text a limit keys on and the mailbox a mailer delivers to could differ.
 */
import { EMAIL_MAX_LENGTH } from './constants.js';

export type EmailProblem = 'EMAIL_REQUIRED' | 'EMAIL_INVALID' | 'EMAIL_TOO_LONG';
export type EmailCheck = { ok: true; email: string } | { ok: false; problem: EmailProblem };

const LOCAL_PART_MAX_LENGTH = 64;
const LABEL_MAX_LENGTH = 63;

// RFC 5322 atext, in dot-atom form: no leading, trailing or doubled dots.
const ATOM = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+";
const DOT_ATOM = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`);
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
// Before punycode: letters, marks and digits of any script, and hyphens.
const UNICODE_LABEL = /^[\p{L}\p{M}\p{N}-]+$/u;
const ASCII = /^[\x20-\x7e]*$/;

/**
 * The canonical form of an address: trimmed, NFKC-normalised (full-width letters become ASCII),
 * lower-cased, internationalised domain labels in punycode. Or why it is not an address.
 */
export function canonicalEmail(raw: unknown): EmailCheck {
  if (raw === undefined || raw === null) return { ok: false, problem: 'EMAIL_REQUIRED' };
  if (typeof raw !== 'string') return { ok: false, problem: 'EMAIL_INVALID' };
  const trimmed = raw.trim();
  if (trimmed === '') return { ok: false, problem: 'EMAIL_REQUIRED' };
  if (trimmed.length > EMAIL_MAX_LENGTH) return { ok: false, problem: 'EMAIL_TOO_LONG' };

  const normalised = trimmed.normalize('NFKC').toLowerCase();
  const at = normalised.indexOf('@');
  if (at < 0 || at !== normalised.lastIndexOf('@')) return { ok: false, problem: 'EMAIL_INVALID' };
  const local = normalised.slice(0, at);
  const domain = asciiDomain(normalised.slice(at + 1));
  if (local.length > LOCAL_PART_MAX_LENGTH || !DOT_ATOM.test(local) || domain === null) {
    return { ok: false, problem: 'EMAIL_INVALID' };
  }
  const email = `${local}@${domain}`;
  if (email.length > EMAIL_MAX_LENGTH) return { ok: false, problem: 'EMAIL_TOO_LONG' };
  return { ok: true, email };
}

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * What per-mailbox limits count on, for a canonical address: most providers deliver `name+tag@`
 * to `name@`, and Gmail ignores dots in the name too, so those spellings share one budget. The
 * address itself is kept as given: a reader may use a tag on purpose.
 */
export function mailboxKey(canonical: string): string {
  const at = canonical.lastIndexOf('@');
  const domain = canonical.slice(at + 1);
  const local = canonical.slice(0, at).split('+')[0] || canonical.slice(0, at);
  if (GMAIL_DOMAINS.has(domain)) return `${local.replaceAll('.', '')}@gmail.com`;
  return `${local}@${domain}`;
}

/** A domain of two or more host labels, each in ASCII; null when it is not one. */
function asciiDomain(domain: string): string | null {
  const labels = domain.split('.');
  if (labels.length < 2) return null;
  const ascii: string[] = [];
  for (const label of labels) {
    const converted = ASCII.test(label)
      ? label
      : UNICODE_LABEL.test(label)
        ? `xn--${punycode(label)}`
        : null;
    if (converted === null || converted.length > LABEL_MAX_LENGTH || !HOST_LABEL.test(converted)) {
      return null;
    }
    ascii.push(converted);
  }
  // A numeric top-level label would make it an IP address, not a host name.
  return /^\d+$/.test(ascii[ascii.length - 1] ?? '') ? null : ascii.join('.');
}

// Punycode (RFC 3492), encoding only. Written here rather than taken from the URL parser so the
// browser and the server give the same answer whatever their IDNA tables.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;

function adaptBias(delta: number, points: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / DAMP) : Math.floor(delta / 2);
  scaled += Math.floor(scaled / points);
  let k = 0;
  while (scaled > ((BASE - T_MIN) * T_MAX) / 2) {
    scaled = Math.floor(scaled / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * scaled) / (scaled + SKEW));
}

/** 0..25 are a..z, 26..35 are 0..9. */
const digitChar = (digit: number) => String.fromCharCode(digit < 26 ? 97 + digit : 22 + digit);

function punycode(label: string): string {
  const points = Array.from(label, (char) => char.codePointAt(0) ?? 0);
  let output = points
    .filter((point) => point < 0x80)
    .map((point) => String.fromCharCode(point))
    .join('');
  const basic = output.length;
  if (basic > 0) output += '-';
  let code = 0x80;
  let delta = 0;
  let bias = 72;
  let handled = basic;
  while (handled < points.length) {
    const next = Math.min(...points.filter((point) => point >= code));
    delta += (next - code) * (handled + 1);
    code = next;
    for (const point of points) {
      if (point < code) delta += 1;
      if (point !== code) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
        if (q < t) break;
        output += digitChar(t + ((q - t) % (BASE - t)));
        q = Math.floor((q - t) / (BASE - t));
      }
      output += digitChar(q);
      bias = adaptBias(delta, handled + 1, handled === basic);
      delta = 0;
      handled += 1;
    }
    delta += 1;
    code += 1;
  }
  return output;
}
