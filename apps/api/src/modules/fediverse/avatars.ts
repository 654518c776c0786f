/**
 * Remote authors' avatars from our origin (issue 38 item 7, decision 0033): the site fetches an
 * avatar once, through the one address guard, and serves it itself, so no reader's browser (and
 * no reader's address) reaches the author's server. Only a PNG, JPEG, GIF or WebP file, as its
 * first bytes show, of at most 1 MB, is served, as it came: nothing is decoded here.
 */
import http from 'node:http';
import https from 'node:https';
import type { RequestHandler } from 'express';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { addressGuard, type AddressGuard } from '../../security/guarded-lookup.js';

type Guard = Pick<AddressGuard, 'refusedLiteral'> & { lookup: AddressGuard['lookup'] | undefined };
import { remoteAvatarSource } from '../discussions/index.js';
import { keepAvatar, storedAvatar, type StoredAvatar } from './store/avatars.js';

const AVATAR_PATH = /^\/fediverse\/avatars\/([1-9]\d{0,15})$/;
const MAX_BYTES = 1_000_000;
const KEPT_FOR_MS = 7 * 24 * 60 * 60_000;
/** A server that failed is asked again a day later, not at every page view. */
const FAILED_FOR_MS = 24 * 60 * 60_000;
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

/** One GET through the guard (no pooled socket: each connection is looked up afresh). */
function get(url: URL, guard: Guard, signal: AbortSignal) {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = client.get(url, { lookup: guard.lookup, signal, agent: false }, resolve);
    req.on('error', reject);
  });
}

/** The file at `address`, when it is at most MAX_BYTES; null for anything else. */
async function fetchSmallFile(address: string, guard: Guard): Promise<Buffer | null> {
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  try {
    let target = new URL(address);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
      if (guard.refusedLiteral(target)) return null;
      const res = await get(target, guard, signal);
      const location = res.headers.location;
      if (res.statusCode! >= 300 && res.statusCode! < 400 && location) {
        res.destroy();
        target = new URL(location, target);
        continue;
      }
      if (res.statusCode !== 200) {
        res.destroy();
        return null;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_BYTES) {
          res.destroy();
          return null;
        }
        chunks.push(chunk);
      }
      return Buffer.concat(chunks);
    }
    return null;
  } catch {
    return null;
  }
}

/** The image type its first bytes show, when it is one readers' browsers are given. */
function imageTypeOf(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (/^GIF8[79]a/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

export function remoteAvatars(deps: {
  db: Db;
  clock: Clock;
  /** FEDERATION_ALLOW_PRIVATE_ADDRESSES: tests and local development only. */
  allowPrivateAddresses: boolean;
}): RequestHandler {
  const { db, clock } = deps;
  // Tests and local development: the system's own lookup, every address allowed.
  const guard: Guard = deps.allowPrivateAddresses
    ? { lookup: undefined, refusedLiteral: () => false }
    : addressGuard();

  async function avatarOf(avatar: { actorId: string; source: string }) {
    const stored = storedAvatar(db, avatar, iso(clock.now()));
    if (stored !== undefined) return stored;
    const bytes = await fetchSmallFile(avatar.source, guard);
    const type = bytes ? imageTypeOf(bytes) : null;
    const image: StoredAvatar | null = type ? { type, data: bytes!.toString('base64') } : null;
    keepAvatar(db, avatar, image, iso(clock.now() + (image ? KEPT_FOR_MS : FAILED_FOR_MS)));
    return image;
  }

  return (req, res, next) => {
    const match = req.method === 'GET' ? AVATAR_PATH.exec(req.path) : null;
    if (!match) return next();
    const avatar = remoteAvatarSource(db, Number(match[1]));
    if (!avatar) return next();
    avatarOf(avatar).then((image) => {
      if (!image) return next();
      res
        .type(image.type)
        .set({
          'Cache-Control': 'public, max-age=86400',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'",
        })
        .send(Buffer.from(image.data, 'base64'));
    }, next);
  };
}
