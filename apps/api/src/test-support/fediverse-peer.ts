/**
 * A second fediverse server for tests, as Mastodon is to the site: a real Fedify instance with
 * one account (ada) on its own loopback port, over http or (given a key and certificate) https.
 * It follows and unfollows the site with signed activities and keeps what reaches its inbox:
 * Fedify calls its listeners only for activities whose signatures it verified.
 *
 * Run as a script (`tsx fediverse-peer.ts KEY_FILE CERT_FILE CONTROL_PORT`), it starts one over
 * https and answers a control API on a second, plain-http port: a test process that cannot trust the peer's CA
 * (NODE_EXTRA_CA_CERTS is read when a process starts) drives it from there.
 */
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import {
  createFederation,
  generateCryptoKeyPair,
  MemoryKvStore,
  signRequest,
} from '@fedify/fedify';
import {
  Accept,
  type Activity,
  Announce,
  Like,
  Create,
  Delete,
  Endpoints,
  Follow,
  Image,
  Mention,
  Note,
  Person,
  Tombstone,
  Undo,
  Update,
} from '@fedify/vocab';

export interface ReceivedActivity {
  type: string;
  id: string | null;
  actor: string | null;
  /** The activity as it arrived, JSON-LD compacted. */
  json: Record<string, unknown>;
}

export interface FediversePeer {
  origin: string;
  /** The peer's account, `${origin}/users/ada`. */
  actorId: string;
  /** Verified activities its inbox took, oldest first. */
  received: ReceivedActivity[];
  /** Every request that reached it: who asked for what. */
  requested: Array<{ method: string; path: string; userAgent: string }>;
  /** `user` (ada unless named) follows the actor at `target` (or `@handle@host`); answers the Follow's id. */
  follow(target: string, user?: string): Promise<string>;
  /** Undoes that Follow. */
  unfollow(target: string, followId: string, user?: string): Promise<void>;
  /** Ada likes or boosts `object` (a post of the site at `target`); answers the activity's id. */
  react(kind: 'like' | 'announce', target: string, object: string): Promise<string>;
  /** Ada takes that like or boost back. */
  unreact(kind: 'like' | 'announce', target: string, object: string, id: string): Promise<void>;
  /**
   * `user` (ada unless named) replies to `inReplyTo` (a post of the site at `target`, or a note)
   * with a Note of `html`, mentioning the site; answers the Note's id.
   */
  reply(target: string, inReplyTo: string, html: string, user?: string): Promise<string>;
  /** `user` changes that Note's text (Update), or deletes it (Delete of the Note). */
  editReply(target: string, noteId: string, html: string, user?: string): Promise<void>;
  deleteReply(target: string, noteId: string, user?: string): Promise<void>;
  /** Ada's account is deleted: her server tells `target`. */
  deleteAccount(target: string): Promise<void>;
  /** A Follow of `target` from ada, signed with a key that is not hers: a forgery. */
  forgedFollow(inbox: string, target: string): Promise<Response>;
  close(): Promise<void>;
}

/** A reply as Mastodon writes one: public, mentioning the account it answers, its page as url. */
function replyNote(id: URL, author: URL, answered: Person, inReplyTo: string | null, html: string) {
  return new Note({
    id,
    attribution: author,
    content: html,
    url: new URL(id.href.replace('/notes/', '/@notes/')),
    replyTarget: inReplyTo ? new URL(inReplyTo) : null,
    to: new URL('https://www.w3.org/ns/activitystreams#Public'),
    tags: answered.id ? [new Mention({ href: answered.id, name: '@site' })] : [],
  });
}

/** A 1×1 PNG: ada's avatar. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Two accounts on one server: deliveries to both go once, to the shared inbox. */
const USERS = ['ada', 'bo'];

export async function startFediversePeer(
  options: { tls?: { key: string; cert: string }; hostname?: string } = {},
): Promise<FediversePeer> {
  const hostname = options.hostname ?? (options.tls ? 'localhost' : '127.0.0.1');
  const handler: { fetch?: (request: Request) => Promise<Response> } = {};
  const server = options.tls
    ? https.createServer(
        { key: options.tls.key, cert: options.tls.cert },
        (req, res) => void serve(req, res),
      )
    : http.createServer((req, res) => void serve(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `${options.tls ? 'https' : 'http'}://${hostname}:${(server.address() as AddressInfo).port}`;

  const requested: FediversePeer['requested'] = [];
  async function serve(req: http.IncomingMessage, res: http.ServerResponse) {
    requested.push({
      method: req.method ?? '',
      path: req.url ?? '',
      userAgent: req.headers['user-agent'] ?? '',
    });
    // Avatars: ada's a real PNG; bo's an HTML page that says it is one.
    if (req.url?.startsWith('/avatars/')) {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(req.url === '/avatars/ada.png' ? TINY_PNG : '<html><script>alert(1)</script>');
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const body = chunks.length ? new Uint8Array(Buffer.concat(chunks)) : undefined;
    const answer = await handler.fetch!(
      new Request(`${origin}${req.url}`, { method: req.method, headers, body }),
    );
    const answerHeaders: Record<string, string> = {};
    answer.headers.forEach((value, name) => (answerHeaders[name] = value));
    res.writeHead(answer.status, answerHeaders);
    res.end(Buffer.from(await answer.arrayBuffer()));
  }

  const keys = [
    await generateCryptoKeyPair('RSASSA-PKCS1-v1_5'),
    await generateCryptoKeyPair('Ed25519'),
  ];
  const federation = createFederation<void>({
    kv: new MemoryKvStore(),
    origin,
    allowPrivateAddress: true,
  });
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      if (!USERS.includes(identifier)) return null;
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: `${identifier} on the peer`,
        icon: new Image({
          url: new URL(`${origin}/avatars/${identifier}.png`),
          mediaType: 'image/png',
        }),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pairs[0]!.cryptographicKey,
        assertionMethods: pairs.map((pair) => pair.multikey),
      });
    })
    .setKeyPairsDispatcher((_ctx, identifier) => (USERS.includes(identifier) ? keys : []));
  const received: ReceivedActivity[] = [];
  const keep = async (_ctx: unknown, activity: Activity) => {
    received.push({
      type: activity.constructor.name,
      id: activity.id?.href ?? null,
      actor: activity.actorId?.href ?? null,
      json: (await activity.toJsonLd({ format: 'compact' })) as Record<string, unknown>,
    });
  };
  federation
    .setInboxListeners('/users/{identifier}/inbox', '/inbox')
    .on(Accept, keep)
    .on(Create, keep)
    .on(Update, keep)
    .on(Delete, keep);
  handler.fetch = (request) => federation.fetch(request, { contextData: undefined });

  const context = () => federation.createContext(new URL(origin), undefined);
  const actorId = context().getActorUri('ada');
  const recipient = async (target: string) => {
    const found = await context().lookupObject(target);
    if (!found || !(found instanceof Person)) throw new Error(`no actor at ${target}`);
    return found;
  };

  return {
    origin,
    actorId: actorId.href,
    received,
    requested,
    async follow(target, user = 'ada') {
      const actor = await recipient(target);
      const follower = context().getActorUri(user);
      const id = new URL(`${follower.href}#follows/${randomUUID()}`);
      await context().sendActivity(
        { identifier: user },
        actor,
        new Follow({ id, actor: follower, object: actor.id }),
      );
      return id.href;
    },
    async unfollow(target, followId, user = 'ada') {
      const actor = await recipient(target);
      const follower = context().getActorUri(user);
      await context().sendActivity(
        { identifier: user },
        actor,
        new Undo({
          id: new URL(`${follower.href}#undo/${randomUUID()}`),
          actor: follower,
          object: new Follow({ id: new URL(followId), actor: follower, object: actor.id }),
        }),
      );
    },
    async react(kind, target, object) {
      const actor = await recipient(target);
      const id = new URL(`${actorId.href}#${kind}s/${randomUUID()}`);
      const Kind = kind === 'like' ? Like : Announce;
      await context().sendActivity(
        { identifier: 'ada' },
        actor,
        new Kind({ id, actor: actorId, object: new URL(object) }),
      );
      return id.href;
    },
    async unreact(kind, target, object, id) {
      const actor = await recipient(target);
      const Kind = kind === 'like' ? Like : Announce;
      await context().sendActivity(
        { identifier: 'ada' },
        actor,
        new Undo({
          id: new URL(`${actorId.href}#undo/${randomUUID()}`),
          actor: actorId,
          object: new Kind({ id: new URL(id), actor: actorId, object: new URL(object) }),
        }),
      );
    },
    async reply(target, inReplyTo, html, user = 'ada') {
      const actor = await recipient(target);
      const author = context().getActorUri(user);
      const id = new URL(`${author.href}/notes/${randomUUID()}`);
      const note = replyNote(id, author, actor, inReplyTo, html);
      await context().sendActivity(
        { identifier: user },
        actor,
        new Create({
          id: new URL(`${id.href}#create`),
          actor: author,
          object: note,
          to: note.toId,
        }),
      );
      return id.href;
    },
    async editReply(target, noteId, html, user = 'ada') {
      const actor = await recipient(target);
      const author = context().getActorUri(user);
      const note = replyNote(new URL(noteId), author, actor, null, html);
      await context().sendActivity(
        { identifier: user },
        actor,
        new Update({
          id: new URL(`${noteId}#update/${randomUUID()}`),
          actor: author,
          object: note,
          to: note.toId,
        }),
      );
    },
    async deleteReply(target, noteId, user = 'ada') {
      const author = context().getActorUri(user);
      await context().sendActivity(
        { identifier: user },
        await recipient(target),
        new Delete({
          id: new URL(`${noteId}#delete/${randomUUID()}`),
          actor: author,
          object: new Tombstone({ id: new URL(noteId) }),
        }),
      );
    },
    async deleteAccount(target) {
      await context().sendActivity(
        { identifier: 'ada' },
        await recipient(target),
        new Delete({
          id: new URL(`${actorId.href}#delete`),
          actor: actorId,
          object: actorId,
        }),
      );
    },
    async forgedFollow(inbox, target) {
      const stranger = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
      const follow = new Follow({
        id: new URL(`${actorId.href}#forged/${randomUUID()}`),
        actor: actorId,
        object: new URL(target),
      });
      const request = new Request(inbox, {
        method: 'POST',
        headers: { 'Content-Type': 'application/activity+json' },
        body: JSON.stringify(await follow.toJsonLd()),
      });
      // Signed as ada's key, by a key that is not hers.
      const signed = await signRequest(
        request,
        stranger.privateKey,
        new URL(`${actorId.href}#main-key`),
      );
      return fetch(signed);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Script mode: the peer over https with the key and certificate files named, controlled on a port. */
async function runAsScript([keyFile, certFile, controlPort]: string[]): Promise<void> {
  const peer = await startFediversePeer({
    tls: { key: fs.readFileSync(keyFile!, 'utf8'), cert: fs.readFileSync(certFile!, 'utf8') },
  });
  const control = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const input = chunks.length
        ? (JSON.parse(Buffer.concat(chunks).toString()) as Record<string, string>)
        : {};
      const answer = async (): Promise<unknown> => {
        switch (req.url) {
          case '/peer':
            return { origin: peer.origin, actorId: peer.actorId };
          case '/received':
            return peer.received;
          case '/requested':
            return peer.requested;
          case '/follow':
            return { followId: await peer.follow(input.target!, input.user) };
          case '/unfollow':
            await peer.unfollow(input.target!, input.followId!, input.user);
            return {};
          case '/reply':
            return {
              noteId: await peer.reply(input.target!, input.inReplyTo!, input.html!, input.user),
            };
          case '/edit-reply':
            await peer.editReply(input.target!, input.noteId!, input.html!, input.user);
            return {};
          case '/delete-reply':
            await peer.deleteReply(input.target!, input.noteId!, input.user);
            return {};
          case '/forged-follow': {
            const res = await peer.forgedFollow(input.inbox!, input.target!);
            return { status: res.status };
          }
          default:
            throw new Error(`no control ${req.url}`);
        }
      };
      answer().then(
        (body) =>
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body)),
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
    });
  });
  control.listen(Number(controlPort), '127.0.0.1', () => {
    process.stdout.write('peer ready\n');
  });
  process.on('SIGTERM', () => {
    control.close();
    void peer.close().then(() => process.exit(0));
  });
}

if (process.argv[1] && import.meta.filename === fs.realpathSync(process.argv[1])) {
  await runAsScript(process.argv.slice(2));
}
