/**
 * Posts go out: after each change of the content (a sync, the editor's save, a scheduled post's
 * time coming), the published posts are compared with what followers were sent. A post they
 * never had goes as a Create, a changed one as an Update, one no longer published as a Delete;
 * each to every follower, once per server that has a shared inbox. The deliveries themselves are
 * jobs in the queue, so a slow or dead server never holds this up.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from '@fedify/fedify';
import { Create, Delete, Tombstone, Update, type Recipient } from '@fedify/vocab';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Logger } from '../../logger.js';
import type { ContentService } from '../content/index.js';
import { articleJson, articleOf, hashOf } from './articles.js';
import { SITE_ACTOR } from './addresses.js';
import { followers } from './store/account.js';
import { recordArticle, sentArticles } from './store/articles.js';

/** How often the publisher looks for a change; looking is one integer compared. */
const LOOK_EVERY_MS = 2_000;

/** A post first seen this long after its date arrived by import: its followers are not told. */
const NEWS_FOR_MS = 7 * 24 * 60 * 60_000;

export interface PublisherDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  content: Pick<ContentService, 'version' | 'rows' | 'identity'>;
  /** The federation's context the activities are sent through. */
  context: () => Pick<Context<void>, 'sendActivity' | 'getActorUri' | 'getFollowersUri'>;
}

function recipients(db: Db): Recipient[] {
  return followers(db).map((follower) => ({
    id: new URL(follower.actorId),
    inboxId: new URL(follower.inbox),
    endpoints: follower.sharedInbox ? { sharedInbox: new URL(follower.sharedInbox) } : null,
  }));
}

/** Sends what changed since the last pass and records it; resolves when all is queued. */
export async function publishChanges(deps: PublisherDeps): Promise<void> {
  const { db, clock, publicUrl } = deps;
  const ctx = deps.context();
  const actorId = ctx.getActorUri(SITE_ACTOR);
  const addresses = {
    publicUrl,
    actorId: actorId.href,
    followersId: ctx.getFollowersUri(SITE_ACTOR).href,
  };
  const site = deps.content.identity();
  const sent = sentArticles(db);
  const audience = recipients(db);
  const activityId = () => new URL(`${actorId.href}#activities/${randomUUID()}`);
  const send = (activity: Create | Update | Delete, objectId: string) =>
    audience.length
      ? ctx.sendActivity({ identifier: SITE_ACTOR }, audience, activity, {
          preferSharedInbox: true,
          // A post's Create, Updates and Delete reach each server in the order they were made.
          orderingKey: objectId,
        })
      : Promise.resolve();
  const now = clock.now();

  const published = new Set<number>();
  for (const row of deps.content.rows('post')) {
    published.add(row.id);
    const json = articleJson(row, site, addresses);
    const hash = hashOf(json);
    const before = sent.get(row.id);
    if (before?.state === 'published' && before.sentHash === hash) continue;
    const record = { contentId: row.id, objectId: json.id as string, sentHash: hash };
    const isNew = !before || before.state === 'deleted';
    const isNews = now - Date.parse(json.published as string) < NEWS_FOR_MS;
    if (isNew && !before && !isNews) {
      recordArticle(db, { ...record, state: 'published' }, iso(now));
      continue;
    }
    // An edit is dated now: Mastodon shows an Update only when it is newer than what it has.
    const article = await articleOf(isNew ? json : { ...json, updated: iso(now) });
    const common = {
      id: activityId(),
      actor: actorId,
      object: article,
      to: article.toId,
      cc: article.ccId,
    };
    await send(
      isNew
        ? new Create({ ...common, published: article.published })
        : new Update({ ...common, updated: article.updated }),
      record.objectId,
    );
    recordArticle(db, { ...record, state: 'published' }, iso(now));
  }

  for (const before of sent.values()) {
    if (before.state !== 'published' || published.has(before.contentId)) continue;
    await send(
      new Delete({
        id: activityId(),
        actor: actorId,
        object: new Tombstone({ id: new URL(before.objectId) }),
        to: new URL('https://www.w3.org/ns/activitystreams#Public'),
        cc: ctx.getFollowersUri(SITE_ACTOR),
      }),
      before.objectId,
    );
    recordArticle(db, { ...before, state: 'deleted' }, iso(now));
  }
}

/** Publishes on every content change, from now until `stop`. */
export function watchPublications(deps: PublisherDeps): {
  stop(): void;
  published(): Promise<void>;
} {
  let seen: number | null = null;
  let working: Promise<void> = Promise.resolve();
  function look() {
    const version = deps.content.version();
    if (version === seen) return;
    seen = version;
    working = working
      .then(() => publishChanges(deps))
      .catch((error: unknown) => {
        // Looked at again on the next change, or the next start.
        seen = null;
        deps.logger.error({ err: error }, 'fediverse: posts not sent');
      });
  }
  look();
  const timer = setInterval(look, LOOK_EVERY_MS);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    /** Looks for a change now; resolves when what it found is queued. */
    published() {
      look();
      return working;
    },
  };
}
