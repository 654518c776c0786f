/**
 * The site's federation: one actor (the site, a Person), its WebFinger and NodeInfo, its
 * collections and its inbox, built on Fedify over the site's own SQLite file.
 */
import { randomUUID } from 'node:crypto';
import { createFederation, type Context, type Federation } from '@fedify/fedify';
import {
  Accept,
  Activity,
  Announce,
  Article,
  Create,
  Delete,
  Endpoints,
  Follow,
  Image,
  Like,
  Note,
  Person,
  Undo,
  Update,
} from '@fedify/vocab';
import { escapeHtml, IMAGE_MIME, ITEM_BASE_PATHS, type ImageFormat } from '@quillpost/domain';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Env } from '../../env.js';
import type { Logger } from '../../logger.js';
import type { ContentService } from '../content/index.js';
import { answersTo, deliverableInboxes, noteCurrentHandle, siteKeyPairs } from './account.js';
import { articleJson, articleOf } from './articles.js';
import { deliveryLedger } from './deliveries.js';
import { profileOf } from './follower-profile.js';
import { staffAnswer } from '../discussions/index.js';
import { ANSWER_NOTE_PATH, answerNote } from './answer-notes.js';
import { handleOf, isBlockedActor } from './blocks.js';
import { FEDERATION_PATHS, SITE_ACTOR } from './addresses.js';
import { SqliteMessageQueue } from './queue.js';
import { changeReply, receiveReply, removeReplies, type ReplyDeps } from './replies.js';
import { dropFollower, dropFollowersAt, followerCount, keepFollower } from './store/account.js';
import { SqliteKvStore } from './store/kv.js';
import {
  dropReaction,
  dropReactionsOf,
  keepReaction,
  type ReactionKind,
} from './store/reactions.js';

export interface FederationDeps {
  env: Pick<Env, 'PUBLIC_URL' | 'FEDERATION_ALLOW_PRIVATE_ADDRESSES'>;
  db: Db;
  clock: Clock;
  logger: Logger;
  /** The published posts, as readers see them. */
  content: Pick<ContentService, 'rows' | 'identity'>;
  /**
   * Deliveries are worked on by the delivery thread (delivery-thread.ts), while this federation
   * may write them from another thread.
   */
  deliveryThread?: boolean;
}

/** The newest posts the outbox shows (Mastodon reads it for a profile's latest posts). */
const OUTBOX_POSTS = 20;

/** What a media file's name says it is, for the actor's icon (none for a kind it does not know). */
function imageType(file: string): string | null {
  const extension = /\.([a-z0-9]+)$/i
    .exec(file)?.[1]
    ?.toLowerCase()
    .replace(/^jpeg$/, 'jpg');
  return extension && extension in IMAGE_MIME ? IMAGE_MIME[extension as ImageFormat] : null;
}

export function buildFederation(deps: FederationDeps): Federation<void> {
  const { env, db, clock, logger, content } = deps;
  const deliveries = deliveryLedger({ db, clock });
  const sending = deliveries.watch(
    new SqliteMessageQueue({
      db,
      clock,
      logger,
      queue: 'outbox',
      acrossThreads: deps.deliveryThread,
      // On a thread of its own, its event loop busy is its own work: there is no page to give way to.
      ...(deps.deliveryThread ? { busyYieldMs: 0 } : {}),
    }),
  );
  const federation = createFederation<void>({
    kv: new SqliteKvStore(db, clock),
    // A post's fan-out to its followers' servers and the deliveries it makes share one queue,
    // worked on apart from the activities taken in.
    queue: {
      inbox: new SqliteMessageQueue({ db, clock, logger, queue: 'inbox' }),
      outbox: sending,
      fanout: sending,
    },
    // index.ts starts each queue where it is worked on; tests run them themselves.
    manuallyStartQueue: true,
    origin: env.PUBLIC_URL,
    allowPrivateAddress: env.FEDERATION_ALLOW_PRIVATE_ADDRESSES,
    userAgent: { software: 'Quillpost', url: new URL(env.PUBLIC_URL) },
    // Each failed attempt; the queue retries with backoff, a 404 or 410 ends the follow (below).
    onOutboxError: (error, activity) => {
      deliveries.failed(error, activity);
      logger.warn(
        { err: error, activity: activity?.id?.href ?? null },
        'fediverse: a delivery failed',
      );
    },
  });

  federation
    .setActorDispatcher(FEDERATION_PATHS.actor, async (ctx, identifier) => {
      if (identifier !== SITE_ACTOR) return null;
      const site = content.identity();
      const keys = await ctx.getActorKeyPairs(identifier);
      const avatar = site.owner.avatar;
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: noteCurrentHandle(db, clock),
        name: site.title,
        summary: site.description ? `<p>${escapeHtml(site.description)}</p>` : null,
        url: new URL(`${env.PUBLIC_URL}/`),
        icon: avatar
          ? new Image({
              url: new URL(`${env.PUBLIC_URL}/content/${avatar}`),
              mediaType: imageType(avatar),
            })
          : null,
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((key) => key.multikey),
        manuallyApprovesFollowers: false,
        discoverable: true,
        indexable: true,
      });
    })
    .setKeyPairsDispatcher((_ctx, identifier) =>
      identifier === SITE_ACTOR ? siteKeyPairs(db, clock) : [],
    )
    .mapHandle((_ctx, username) => (answersTo(db, clock, username) ? SITE_ACTOR : null));

  // Who follows is the site's to know: the collection says how many, not who.
  federation
    .setFollowersDispatcher(FEDERATION_PATHS.followers, (_ctx, identifier) =>
      identifier === SITE_ACTOR ? { items: [] } : null,
    )
    .setCounter((_ctx, identifier) => (identifier === SITE_ACTOR ? followerCount(db) : null));

  const addressesOf = (ctx: Context<void>) => ({
    publicUrl: env.PUBLIC_URL,
    actorId: ctx.getActorUri(SITE_ACTOR).href,
    followersId: ctx.getFollowersUri(SITE_ACTOR).href,
  });

  federation
    .setOutboxDispatcher(FEDERATION_PATHS.outbox, async (ctx, identifier) => {
      if (identifier !== SITE_ACTOR) return null;
      const site = content.identity();
      const rows = content.rows('post').slice(0, OUTBOX_POSTS);
      const items = await Promise.all(
        rows.map(async (row) => {
          const article = await articleOf(articleJson(row, site, addressesOf(ctx)));
          return new Create({
            id: new URL(`${article.id!.href}#create`),
            actor: ctx.getActorUri(SITE_ACTOR),
            object: article,
            published: article.published,
            to: article.toId,
            cc: article.ccId,
          });
        }),
      );
      return { items };
    })
    .setCounter((_ctx, identifier) =>
      identifier === SITE_ACTOR ? content.rows('post').length : null,
    );

  // A post's own page answers its Article to an ActivityPub client (the bridge hands on only
  // requests that ask for ActivityPub JSON; a reader's browser gets the page).
  federation.setObjectDispatcher(
    Article,
    `${ITEM_BASE_PATHS.post}/{slug}`,
    async (ctx, { slug }) => {
      const row = content.rows('post').find((post) => post.slug === slug);
      return row ? articleOf(articleJson(row, content.identity(), addressesOf(ctx))) : null;
    },
  );

  // The owner's answers to replies, at their ids: a server threading a conversation asks for them.
  federation.setObjectDispatcher(Note, ANSWER_NOTE_PATH, async (ctx, { id }) => {
    const answer = /^[1-9]\d*$/.test(id) ? staffAnswer(db, Number(id)) : undefined;
    return answer ? answerNote(env.PUBLIC_URL, ctx.getActorUri(SITE_ACTOR), answer) : null;
  });

  federation.setNodeInfoDispatcher(FEDERATION_PATHS.nodeInfo, () => ({
    software: { name: 'quillpost', version: '0.1.0' },
    protocols: ['activitypub'],
    openRegistrations: false,
    usage: {
      users: { total: 1, activeMonth: 1, activeHalfyear: 1 },
      localPosts: content.rows('post').length,
      localComments: 0,
    },
  }));

  /** The post an object id names, when it is one of the site's published posts. */
  const postOf = (ctx: Context<void>, objectId: URL | null): number | null => {
    const parsed = objectId ? ctx.parseUri(objectId) : null;
    if (parsed?.type !== 'object' || parsed.class !== Article) return null;
    return content.rows('post').find((post) => post.slug === parsed.values.slug)?.id ?? null;
  };
  const react = (ctx: Context<void>, activity: Like | Announce, kind: ReactionKind) => {
    const contentId = postOf(ctx, activity.objectId);
    if (!activity.id || !activity.actorId || contentId === null) return;
    keepReaction(
      db,
      { activityId: activity.id.href, kind, actorId: activity.actorId.href, contentId },
      iso(clock.now()),
    );
  };

  const replies: ReplyDeps = { db, clock, publicUrl: env.PUBLIC_URL, postOf };

  federation
    .setInboxListeners(FEDERATION_PATHS.inbox, FEDERATION_PATHS.sharedInbox)
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.objectId) return;
      const followed = ctx.parseUri(follow.objectId);
      if (followed?.type !== 'actor' || followed.identifier !== SITE_ACTOR) return;
      // Fedify took the activity only from a signature by its actor: this is who follows.
      const follower = await follow.getActor(ctx);
      if (!follower?.id || !follower.inboxId) return;
      // The door refused blocked servers and actors; a blocked handle is known only now.
      const handle = handleOf(follower.id, follower.preferredUsername?.toString());
      if (isBlockedActor(db, follower.id, handle)) return;
      const sharedInbox = follower.endpoints?.sharedInbox ?? null;
      if (
        !(await deliverableInboxes(
          [follower.inboxId, sharedInbox],
          env.FEDERATION_ALLOW_PRIVATE_ADDRESSES,
        ))
      ) {
        logger.warn({ actor: follower.id.href }, 'fediverse: follow refused, inbox not public');
        return;
      }
      keepFollower(
        db,
        {
          actorId: follower.id.href,
          inbox: follower.inboxId.href,
          sharedInbox: sharedInbox?.href ?? null,
          host: follower.id.host,
          followId: follow.id.href,
          profile: profileOf(follower),
        },
        iso(clock.now()),
      );
      await ctx.sendActivity(
        { identifier: SITE_ACTOR },
        follower,
        new Accept({
          id: new URL(`${ctx.getActorUri(SITE_ACTOR).href}#accepts/${randomUUID()}`),
          actor: ctx.getActorUri(SITE_ACTOR),
          object: follow,
        }),
      );
    })
    .on(Create, (ctx, create) => receiveReply(replies, ctx, create))
    .on(Update, (ctx, update) => changeReply(replies, ctx, update))
    .on(Delete, (_ctx, deletion) => {
      // A reply deleted by its author; an account deleted on its server takes its replies too.
      removeReplies(replies, deletion);
      // An account deleted on its server: its follow and its likes and boosts go with it.
      const actor = deletion.actorId?.href;
      if (!actor || deletion.objectId?.href !== actor) return;
      dropFollower(db, actor, null, iso(clock.now()));
      dropReactionsOf(db, actor);
    })
    .on(Like, (ctx, like) => react(ctx, like, 'like'))
    .on(Announce, (ctx, announce) => react(ctx, announce, 'announce'))
    .on(Undo, async (ctx, undo) => {
      if (!undo.actorId) return;
      // Mastodon sends the undone activity inside the Undo; a bare id that cannot be fetched
      // still names a reaction by its id.
      const object = await undo.getObject(ctx).catch(() => null);
      const undone = object instanceof Activity ? object : null;
      // Only the follower, liker or booster may take back their own: the Undo's signer is its actor.
      if (undone && undone.actorId?.href !== undo.actorId.href) return;
      if (undone instanceof Follow) {
        dropFollower(db, undo.actorId.href, undone.id?.href ?? null, iso(clock.now()));
        return;
      }
      const kind = undone instanceof Like ? 'like' : undone instanceof Announce ? 'announce' : null;
      dropReaction(db, {
        actorId: undo.actorId.href,
        activityId: (undone?.id ?? undo.objectId)?.href ?? null,
        kind,
        contentId: undone ? postOf(ctx, undone.objectId) : null,
      });
    })
    .onError((_ctx, error) => logger.error({ err: error }, 'fediverse: an activity not taken in'));

  // A follower's inbox that answers 404 or 410 is gone for good, and so is the follow.
  federation.setOutboxPermanentFailureHandler((_ctx, failure) => {
    const dropped = dropFollowersAt(
      db,
      failure.actorIds.map((id) => id.href),
      failure.inbox.href,
      iso(clock.now()),
    );
    logger.info(
      { inbox: failure.inbox.href, status: failure.statusCode, dropped },
      'fediverse: inbox gone, follow ended',
    );
  });
  return federation;
}
