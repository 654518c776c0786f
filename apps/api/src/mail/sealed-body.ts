import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Outbox bodies at rest: sign-in links and codes, confirmation tokens and manage links are live
 * secrets until the mail is delivered, so a copy of the database or of a backup must not yield
 * them. Each body is sealed with AES-256-GCM under a key derived (HKDF-SHA256) from
 * SESSION_SECRET, which lives in the environment, never in the database; the row's Message-ID is
 * authenticated with it, so a body cannot be moved to another row. Delivered bodies are wiped.
 *
 * Layout: version byte (1) | 12-byte nonce | 16-byte tag | ciphertext of the JSON body.
 */
export interface MailBody {
  html: string;
  text: string;
  headers: Record<string, string>;
}

const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const keys = new Map<string, Buffer>();

export function bodyKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'quillpost', 'mail-outbox-body:v1', 32));
    keys.set(secret, key);
  }
  return key;
}

export function sealBody(key: Buffer, messageId: string, body: MailBody): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(messageId));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.of(VERSION), nonce, cipher.getAuthTag(), sealed]);
}

/** The body, or an error when the key (SESSION_SECRET) or the row is not the one it was sealed for. */
export function openBody(key: Buffer, messageId: string, sealed: Buffer): MailBody {
  if (sealed[0] !== VERSION) throw new Error('unknown sealed body version');
  const nonce = sealed.subarray(1, 1 + NONCE_BYTES);
  const tag = sealed.subarray(1 + NONCE_BYTES, 1 + NONCE_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(Buffer.from(messageId));
  decipher.setAuthTag(tag);
  const json = Buffer.concat([
    decipher.update(sealed.subarray(1 + NONCE_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
  return JSON.parse(json) as MailBody;
}
