/**
 * The owner's answers go back (issue 38 item 4, decision 0033): a comment by the owner or a
 * moderator answering a fediverse reply is sent to that reply's author as a `Create{Note}` in
 * reply to their note, mentioning them, through the delivery queue; each once. Its id is made
 * from the comment's, so a reply to it finds its way back under the same post. An answer hidden,
 * removed or deleted afterwards is withdrawn there too, with a `Delete`.
 */
import type { Context } from '@fedify/fedify';
import { Create, Delete, Tombstone, isActor, type Actor } from '@fedify/vocab';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Logger } from '../../logger.js';
import { staffAnswersAfter, withdrawnAnswers } from '../discussions/index.js';
import { SITE_ACTOR } from './addresses.js';
import { answerNote, answerNoteId } from './answer-notes.js';
import {
  answeredComments,
  forgetAnswer,
  lastAnsweredComment,
  recordAnswer,
} from './store/answers.js';

/** How often the site looks for new answers; looking is one indexed query. */
const LOOK_EVERY_MS = 2_000;

const PUBLIC = new URL('https://www.w3.org/ns/activitystreams#Public');

export interface AnswerDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  context: () => Pick<Context<void>, 'sendActivity' | 'getActorUri' | 'lookupObject'>;
}

type AnswerContext = ReturnType<AnswerDeps['context']>;

async function actorAt(ctx: AnswerContext, actorId: string): Promise<Actor | null> {
  const found = await ctx.lookupObject(actorId).catch(() => null);
  return found && isActor(found) ? found : null;
}

/**
 * Sends the answers made since the last pass, and withdraws those that no longer stand; resolves
 * when they are queued.
 */
export async function sendAnswers(deps: AnswerDeps): Promise<void> {
  const { db, clock, publicUrl } = deps;
  const ctx = deps.context();
  const site = ctx.getActorUri(SITE_ACTOR);
  for (const withdrawn of withdrawnAnswers(db, answeredComments(db))) {
    const author = withdrawn.replyAuthorId && (await actorAt(ctx, withdrawn.replyAuthorId));
    if (author && author.id) {
      const id = answerNoteId(publicUrl, withdrawn.commentId);
      await ctx.sendActivity(
        { identifier: SITE_ACTOR },
        author,
        new Delete({
          id: new URL(`${id.href}#delete`),
          actor: site,
          object: new Tombstone({ id }),
          to: author.id,
          cc: PUBLIC,
        }),
      );
    }
    forgetAnswer(db, withdrawn.commentId);
  }
  for (const answer of staffAnswersAfter(db, lastAnsweredComment(db))) {
    const author = await actorAt(ctx, answer.reply.authorId);
    const id = answerNoteId(publicUrl, answer.commentId);
    if (author?.id) {
      const note = await answerNote(publicUrl, site, answer);
      await ctx.sendActivity(
        { identifier: SITE_ACTOR },
        author,
        new Create({
          id: new URL(`${id.href}#create`),
          actor: site,
          object: note,
          published: note.published,
          to: author.id,
          cc: PUBLIC,
        }),
      );
    } else {
      // Their account is gone or unreachable: the answer stays on the site, and is not tried again.
      deps.logger.warn({ actor: answer.reply.authorId }, 'fediverse: answer not sent, no actor');
    }
    recordAnswer(db, { commentId: answer.commentId, noteId: id.href }, iso(clock.now()));
  }
}

/** Sends answers as they are made, from now until `stop`. */
export function watchAnswers(deps: AnswerDeps): { stop(): void } {
  let working = false;
  const look = () => {
    if (working) return;
    working = true;
    sendAnswers(deps)
      .catch((error: unknown) => deps.logger.error({ err: error }, 'fediverse: answers not sent'))
      .finally(() => (working = false));
  };
  const timer = setInterval(look, LOOK_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
