/**
 * A fediverse server as an older Mastodon is, written by hand (no Fedify): one account (mo) with
 * an RSA key, an inbox and a shared inbox over TLS that accept only draft-cavage HTTP signatures.
 * A request signed the RFC 9421 way is refused with 401, as a server that does not know it
 * refuses it, so a sender reaches it only by knocking again in the older dialect.
 *
 * Its inboxes check what Mastodon checks: the Digest is the body's, the Date is recent, the
 * signed string verifies with the key its keyId names (fetched from the sender), and that key's
 * owner is the activity's actor. It signs what it sends the same way.
 */
import {
  createHash,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { once } from 'node:events';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { overTls, type Certificates } from './fediverse-tls.js';

const AS_CONTEXT = 'https://www.w3.org/ns/activitystreams';
const SECURITY_CONTEXT = 'https://w3id.org/security/v1';
const ACTIVITY_JSON = 'application/activity+json';
/** Mastodon's headers for a signed POST. */
const SIGNED_HEADERS = ['(request-target)', 'host', 'date', 'digest', 'content-type'];
/** How far a Date may be from now (Mastodon allows an hour of clock skew, plus the window). */
const DATE_WINDOW_MS = 60 * 60_000;

type Json = Record<string, unknown>;

/** One POST to an inbox: which dialect signed it, and what the inbox answered. */
export interface Knock {
  path: string;
  dialect: 'rfc9421' | 'draft-cavage' | 'unsigned';
  status: number;
}

export interface VerifiedActivity {
  type: string;
  actor: string;
  /** The headers the signature covered, as its `headers` parameter lists them. */
  signedHeaders: string[];
  json: Json;
}

export interface MastodonPeer {
  origin: string;
  /** `${origin}/users/mo` */
  actorId: string;
  knocks: Knock[];
  /** What its inboxes took, oldest first: only activities whose signature verified. */
  received: VerifiedActivity[];
  /** WebFinger, then the actor: what Mastodon does with a handle pasted into its search. */
  lookup(handle: string): Promise<{ id: string; inbox: string; sharedInbox: string | null }>;
  /** Posts `activity` to `inbox` signed draft-cavage by mo's key (or `key`, a forgery); the status. */
  deliver(inbox: string, activity: Json, key?: KeyObject): Promise<number>;
  close(): Promise<void>;
}

interface CavageSignature {
  keyId: string;
  algorithm: string;
  headers: string[];
  signature: string;
}

/** `keyId="…",algorithm="…",headers="…",signature="…"`; null for anything else (RFC 9421's `sig1=:…:`). */
function parseCavage(header: string | undefined): CavageSignature | null {
  if (!header) return null;
  const fields = new Map(
    [...header.matchAll(/([a-zA-Z]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!]),
  );
  const keyId = fields.get('keyId');
  const signature = fields.get('signature');
  if (!keyId || !signature) return null;
  return {
    keyId,
    algorithm: fields.get('algorithm') ?? 'rsa-sha256',
    headers: (fields.get('headers') ?? 'date').split(' '),
    signature,
  };
}

function signingString(
  names: readonly string[],
  method: string,
  path: string,
  header: (name: string) => string | undefined,
): string | null {
  const lines: string[] = [];
  for (const name of names) {
    if (name === '(request-target)') {
      lines.push(`(request-target): ${method.toLowerCase()} ${path}`);
      continue;
    }
    const value = header(name);
    if (value === undefined) return null;
    lines.push(`${name}: ${value.trim()}`);
  }
  return lines.join('\n');
}

const digestOf = (body: Buffer | string) =>
  `SHA-256=${createHash('sha256').update(body).digest('base64')}`;

export async function startMastodonPeer(certificates: Certificates): Promise<MastodonPeer> {
  const { ca, leaf } = certificates;
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const server = https.createServer(leaf, (req, res) => void serve(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `https://localhost:${(server.address() as AddressInfo).port}`;
  const actorId = `${origin}/users/mo`;
  const inbox = `${actorId}/inbox`;
  const sharedInbox = `${origin}/inbox`;
  const knocks: Knock[] = [];
  const received: VerifiedActivity[] = [];

  const actor = {
    '@context': [AS_CONTEXT, SECURITY_CONTEXT],
    id: actorId,
    type: 'Person',
    preferredUsername: 'mo',
    name: 'Mo on an old Mastodon',
    inbox,
    outbox: `${actorId}/outbox`,
    followers: `${actorId}/followers`,
    endpoints: { sharedInbox },
    publicKey: {
      id: `${actorId}#main-key`,
      owner: actorId,
      publicKeyPem: keys.publicKey.export({ type: 'spki', format: 'pem' }),
    },
  };

  const fetchJson = async (url: string, accept: string): Promise<Json> => {
    const answer = await overTls(ca, url, { headers: { Accept: accept } });
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
    return JSON.parse(answer.text) as Json;
  };

  /** The key a keyId names and its owner, as the sender publishes it. */
  async function publicKeyOf(keyId: string): Promise<{ pem: string; owner: string } | null> {
    const document = await fetchJson(keyId.replace(/#.*$/, ''), ACTIVITY_JSON).catch(() => null);
    const published = [document?.publicKey].flat() as Array<Json | undefined>;
    const key = published.find((candidate) => candidate?.id === keyId);
    return key && typeof key.publicKeyPem === 'string' && typeof key.owner === 'string'
      ? { pem: key.publicKeyPem, owner: key.owner }
      : null;
  }

  /** Mastodon's checks, in its order; the activity when all pass. */
  async function verified(req: http.IncomingMessage, body: Buffer) {
    const signature = parseCavage(req.headers.signature as string | undefined);
    if (!signature || signature.algorithm !== 'rsa-sha256') return null;
    if (!signature.headers.includes('digest') || req.headers.digest !== digestOf(body)) return null;
    const date = Date.parse(String(req.headers.date));
    if (!signature.headers.includes('date') || !(Math.abs(Date.now() - date) < DATE_WINDOW_MS)) {
      return null;
    }
    const text = signingString(signature.headers, req.method!, req.url!, (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    });
    const key = await publicKeyOf(signature.keyId);
    if (!text || !key) return null;
    const valid = createVerify('RSA-SHA256')
      .update(text)
      .verify(key.pem, signature.signature, 'base64');
    const activity = JSON.parse(body.toString()) as Json;
    const actorOf = (value: unknown) =>
      typeof value === 'string' ? value : (value as Json | undefined)?.id;
    if (!valid || actorOf(activity.actor) !== key.owner) return null;
    return { activity, signedHeaders: signature.headers };
  }

  async function serve(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = req.url ?? '/';
    const answer = (status: number, json?: unknown, type = ACTIVITY_JSON) => {
      res.writeHead(status, json === undefined ? {} : { 'Content-Type': type });
      res.end(json === undefined ? undefined : JSON.stringify(json));
    };
    if (req.method === 'GET' && path === '/users/mo') return answer(200, actor);
    if (req.method === 'GET' && path.startsWith('/.well-known/webfinger')) {
      return answer(
        200,
        {
          subject: `acct:mo@${new URL(origin).host}`,
          links: [{ rel: 'self', type: ACTIVITY_JSON, href: actorId }],
        },
        'application/jrd+json',
      );
    }
    if (req.method !== 'POST' || (path !== '/users/mo/inbox' && path !== '/inbox')) {
      return answer(404);
    }
    const dialect: Knock['dialect'] = req.headers['signature-input']
      ? 'rfc9421'
      : req.headers.signature
        ? 'draft-cavage'
        : 'unsigned';
    const taken = await verified(req, body).catch(() => null);
    const status = taken ? 202 : 401;
    knocks.push({ path, dialect, status });
    if (taken) {
      const { activity, signedHeaders } = taken;
      received.push({
        type: String(activity.type),
        actor: String(activity.actor),
        signedHeaders,
        json: activity,
      });
    }
    answer(status);
  }

  async function deliver(to: string, activity: Json, key: KeyObject = keys.privateKey) {
    const url = new URL(to);
    const body = JSON.stringify({ '@context': AS_CONTEXT, ...activity });
    const headers: Record<string, string> = {
      host: url.host,
      date: new Date().toUTCString(),
      digest: digestOf(body),
      'content-type': ACTIVITY_JSON,
    };
    const text = signingString(SIGNED_HEADERS, 'POST', url.pathname, (name) => headers[name])!;
    const signature = createSign('RSA-SHA256').update(text).sign(key, 'base64');
    const answer = await overTls(ca, to, {
      method: 'POST',
      headers: {
        ...headers,
        signature: `keyId="${actorId}#main-key",algorithm="rsa-sha256",headers="${SIGNED_HEADERS.join(' ')}",signature="${signature}"`,
      },
      body,
    });
    return answer.status;
  }

  return {
    origin,
    actorId,
    knocks,
    received,
    async lookup(handle) {
      const [, user, host] = /^@?([^@]+)@(.+)$/.exec(handle) ?? [];
      const finger = await fetchJson(
        `https://${host}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${user}@${host}`)}`,
        'application/jrd+json',
      );
      const self = (finger.links as Json[]).find(
        (link) => link.rel === 'self' && link.type === ACTIVITY_JSON,
      );
      const found = await fetchJson(String(self?.href), ACTIVITY_JSON);
      return {
        id: String(found.id),
        inbox: String(found.inbox),
        sharedInbox: ((found.endpoints as Json | undefined)?.sharedInbox as string) ?? null,
      };
    },
    deliver,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A new activity id of mo's. */
export const activityId = (peer: Pick<MastodonPeer, 'actorId'>, kind: string) =>
  `${peer.actorId}#${kind}/${randomUUID()}`;
