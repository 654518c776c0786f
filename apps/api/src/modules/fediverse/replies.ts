/**
 * Replies that come back (issue 38 item 4, decision 0033): a `Create{Note}` answering one of the
 * site's posts (by its Article's id, which is its page's address), a reply under one, or the
 * owner's answer goes to the discussions as a remote reply, held for the owner. Only the note's
 * own author changes it (`Update`) or removes it (`Delete`); an account deleted on its server
 * takes all its replies. Nothing from a blocked account or server is taken.
 */
import type { Context } from '@fedify/fedify';
import { Link, Note, type Actor, type Create, type Delete, type Update } from '@fedify/vocab';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import {
  deleteRemoteReply,
  editRemoteReply,
  forgetRemoteAuthor,
  receiveRemoteReply,
  type RemoteReplyTarget,
} from '../discussions/index.js';
import { answerNoteCommentId } from './answer-notes.js';
import { handleOf, isBlockedActor } from './blocks.js';

export interface ReplyDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** The published post an object id names, if any. */
  postOf(ctx: Context<void>, objectId: URL | null): number | null;
}

function webAddress(url: URL | Link | null | undefined): string | null {
  const href = url instanceof Link ? url.href : url;
  return href && (href.protocol === 'https:' || href.protocol === 'http:') ? href.href : null;
}

/** What a note answers, in the site's terms: a post, the owner's answer, or a remote reply. */
function targetOf(deps: ReplyDeps, ctx: Context<void>, inReplyTo: URL): RemoteReplyTarget {
  const post = deps.postOf(ctx, inReplyTo);
  if (post !== null) return { itemId: post };
  const commentId = answerNoteCommentId(deps.publicUrl, inReplyTo);
  if (commentId !== null) return { commentId };
  return { objectId: inReplyTo.href };
}

async function authorOf(ctx: Context<void>, actor: Actor) {
  const id = actor.id!;
  const handle = handleOf(id, actor.preferredUsername?.toString());
  const icon = await actor.getIcon(ctx).catch(() => null);
  return {
    id: id.href,
    name: actor.name?.toString() || handle || id.href,
    handle,
    url: webAddress(actor.url) ?? id.href,
    avatarSource: webAddress(icon?.url),
  };
}

/** The note an activity carries, when its author is the activity's (verified) actor. */
async function ownNote(ctx: Context<void>, activity: Create | Update): Promise<Note | null> {
  const object = await activity.getObject(ctx).catch(() => null);
  if (!(object instanceof Note) || !object.id || !activity.actorId) return null;
  return object.attributionId?.href === activity.actorId.href ? object : null;
}

export async function receiveReply(deps: ReplyDeps, ctx: Context<void>, create: Create) {
  const note = await ownNote(ctx, create);
  const inReplyTo = note?.replyTargetId;
  if (!note || !inReplyTo) return;
  const actor = await create.getActor(ctx);
  if (!actor?.id) return;
  const author = await authorOf(ctx, actor);
  if (isBlockedActor(deps.db, actor.id, author.handle)) return;
  receiveRemoteReply(
    deps.db,
    {
      source: 'fediverse',
      objectId: note.id!.href,
      url: webAddress(note.url) ?? note.id!.href,
      inReplyTo: targetOf(deps, ctx, inReplyTo),
      author,
      html: note.content?.toString() ?? '',
    },
    iso(deps.clock.now()),
  );
}

export async function changeReply(deps: ReplyDeps, ctx: Context<void>, update: Update) {
  const note = await ownNote(ctx, update);
  if (!note) return;
  editRemoteReply(
    deps.db,
    {
      objectId: note.id!.href,
      authorId: update.actorId!.href,
      html: note.content?.toString() ?? '',
      url: webAddress(note.url) ?? note.id!.href,
    },
    iso(deps.clock.now()),
  );
}

/** A Delete of a note removes it (its author's only); of an account, all its replies. */
export function removeReplies(deps: ReplyDeps, deletion: Delete): void {
  const actor = deletion.actorId?.href;
  const object = deletion.objectId?.href;
  if (!actor || !object) return;
  if (object === actor) forgetRemoteAuthor(deps.db, actor);
  else deleteRemoteReply(deps.db, { objectId: object, authorId: actor });
}
