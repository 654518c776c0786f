/**
 * Who the site is to the fediverse: its handle (site.yml's, every earlier one still answered to),
 * and its key pairs, made once and kept in the database.
 */
import { exportJwk, generateCryptoKeyPair, importJwk, validatePublicUrl } from '@fedify/fedify';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { currentHandle } from '../site/index.js';
import {
  isKnownHandle,
  keepKeyPair,
  keyPairsStamp,
  rememberHandle,
  storedKeyPairs,
  type KeyAlgorithm,
} from './store/account.js';

const ALGORITHMS: readonly KeyAlgorithm[] = ['RSASSA-PKCS1-v1_5', 'Ed25519'];

const remembered = new WeakMap<Db, string>();

/** Notes the current handle among those the account answers to (once per change). */
export function noteCurrentHandle(db: Db, clock: Clock): string {
  const handle = currentHandle(db);
  if (remembered.get(db) !== handle) {
    rememberHandle(db, handle, iso(clock.now()));
    remembered.set(db, handle);
  }
  return handle;
}

/** Whether `username` names the account: its handle now, or one it had before (any case). */
export function answersTo(db: Db, clock: Clock, username: string): boolean {
  const handle = noteCurrentHandle(db, clock);
  return username.toLowerCase() === handle.toLowerCase() || isKnownHandle(db, username);
}

/** The pairs as Web Crypto keys, and the stamp of the stored ones they were imported from. */
const imported = new WeakMap<Db, { stamp: string; pairs: Promise<CryptoKeyPair[]> }>();

/**
 * A new key pair. RSA at 2048 bits, as Mastodon makes its own, not Fedify's 4096: every delivery
 * to a server is signed anew, and a 4096-bit signature costs about six times the CPU, on the
 * process that serves the pages (a post to 500 servers: 500 signatures).
 */
function generateKeyPair(algorithm: KeyAlgorithm): Promise<CryptoKeyPair> {
  return algorithm === 'RSASSA-PKCS1-v1_5'
    ? crypto.subtle.generateKey(
        {
          name: algorithm,
          modulusLength: 2048,
          publicExponent: new Uint8Array([1, 0, 1]),
          hash: 'SHA-256',
        },
        true,
        ['sign', 'verify'],
      )
    : generateCryptoKeyPair(algorithm);
}

async function makeMissingKeys(db: Db, clock: Clock): Promise<void> {
  const kept = new Set(storedKeyPairs(db).map((pair) => pair.algorithm));
  for (const algorithm of ALGORITHMS.filter((one) => !kept.has(one))) {
    const pair = await generateKeyPair(algorithm);
    keepKeyPair(
      db,
      {
        algorithm,
        privateJwk: JSON.stringify(await exportJwk(pair.privateKey)),
        publicJwk: JSON.stringify(await exportJwk(pair.publicKey)),
      },
      iso(clock.now()),
    );
  }
}

/**
 * The account's key pairs, RSA first: made the first time they are asked for and kept; a pair
 * made at the same moment elsewhere loses to the one kept first. Read again when the stored ones
 * change (an archive's, imported from the console while the server runs).
 */
export function siteKeyPairs(db: Db, clock: Clock): Promise<CryptoKeyPair[]> {
  const stamp = keyPairsStamp(db);
  const cached = imported.get(db);
  if (cached?.stamp === stamp) return cached.pairs;
  const pairs = makeMissingKeys(db, clock).then(() => {
    const stored = storedKeyPairs(db);
    const made = Promise.all(
      stored.map(async (pair) => ({
        privateKey: await importJwk(JSON.parse(pair.privateJwk) as JsonWebKey, 'private'),
        publicKey: await importJwk(JSON.parse(pair.publicJwk) as JsonWebKey, 'public'),
      })),
    );
    // Keys made just now have a stamp of their own: the next call takes these.
    imported.set(db, { stamp: keyPairsStamp(db), pairs: made });
    return made;
  });
  pairs.catch(() => imported.delete(db));
  imported.set(db, { stamp, pairs });
  return pairs;
}

/**
 * Whether the site may deliver to these inboxes: public addresses only (Fedify guards what it
 * fetches, not where it posts), unless FEDERATION_ALLOW_PRIVATE_ADDRESSES says otherwise.
 */
export async function deliverableInboxes(
  inboxes: ReadonlyArray<URL | null>,
  allowPrivateAddresses: boolean,
): Promise<boolean> {
  if (allowPrivateAddresses) return true;
  const checks = inboxes
    .filter((inbox) => inbox !== null)
    .map((inbox) => validatePublicUrl(inbox.href));
  return Promise.all(checks).then(
    () => true,
    () => false,
  );
}
