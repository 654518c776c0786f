/**
 * The owner's answers go back (issue 38 item 4, decision 0033): a comment by the owner or a
 * moderator answering a fediverse reply is sent to that reply's author as a `Create{Note}` in
 * reply to their note, mentioning them, through the delivery queue; each once. Its id is made
 * from the comment's, so a reply to it finds its way back under the same post.
 */
import type { Context } from '@fedify/fedify';
import { Create, Note, isActor, type Actor } from '@fedify/vocab';
import { escapeHtml } from '@quillpost/domain';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Logger } from '../../logger.js';
import { staffAnswersAfter, type StaffAnswer } from '../discussions/index.js';
import { SITE_ACTOR } from './federation.js';
import { answerNoteId } from './replies.js';
import { lastAnsweredComment, recordAnswer } from './store/answers.js';

/** How often the site looks for new answers; looking is one indexed query. */
const LOOK_EVERY_MS = 2_000;

const PUBLIC = new URL('https://www.w3.org/ns/activitystreams#Public');

/** The answer as HTML: the mention first, as Mastodon writes replies, then the text. */
function answerHtml(answer: StaffAnswer): string {
  const { authorHandle, authorUrl } = answer.reply;
  const name = authorHandle ? `@${authorHandle.split('@')[1]}` : authorUrl;
  const mention = `<span class="h-card"><a href="${escapeHtml(authorUrl)}" class="u-url mention">${escapeHtml(name)}</a></span>`;
  const paragraphs = answer.text
    .split(/\n{2,}/)
    .map((paragraph) => escapeHtml(paragraph).replace(/\n/g, '<br>'));
  return `<p>${mention} ${paragraphs.join('</p><p>')}</p>`;
}

export interface AnswerDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  context: () => Pick<Context<void>, 'sendActivity' | 'getActorUri' | 'lookupObject'>;
}

/** Sends the answers made since the last pass; resolves when they are queued. */
export async function sendAnswers(deps: AnswerDeps): Promise<void> {
  const { db, clock, publicUrl } = deps;
  const ctx = deps.context();
  const site = ctx.getActorUri(SITE_ACTOR);
  for (const answer of staffAnswersAfter(db, lastAnsweredComment(db))) {
    const found = await ctx.lookupObject(answer.reply.authorId).catch(() => null);
    const author: Actor | null = found && isActor(found) ? found : null;
    const id = answerNoteId(publicUrl, answer.commentId);
    if (author?.id) {
      // From JSON-LD, as articles.ts makes Articles: Node has no Temporal for `published` yet.
      const note = await Note.fromJsonLd({
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: id.href,
        type: 'Note',
        attributedTo: site.href,
        content: answerHtml(answer),
        inReplyTo: answer.reply.objectId,
        published: answer.createdAt,
        to: author.id.href,
        cc: PUBLIC.href,
        tag: [
          {
            type: 'Mention',
            href: author.id.href,
            name: answer.reply.authorHandle ?? author.id.href,
          },
        ],
      });
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
