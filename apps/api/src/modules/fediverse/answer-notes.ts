/**
 * The Note that carries the owner's answer to a fediverse reply (answers.ts sends it, the
 * federation serves it at its id): made from the comment, so the two always agree.
 */
import { Note } from '@fedify/vocab';
import { escapeHtml } from '@quillpost/domain';
import type { StaffAnswer } from '../discussions/index.js';

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';

export const ANSWER_NOTE_PATH = '/ap/notes/{id}';

/** The id of the Note that carries the owner's answer `commentId` (answers.ts). */
export const answerNoteId = (publicUrl: string, commentId: number) =>
  new URL(`${publicUrl}/ap/notes/${commentId}`);

/** The comment an answer's note id names, if it is one of ours. */
export function answerNoteCommentId(publicUrl: string, noteId: URL): number | null {
  const prefix = `${publicUrl}/ap/notes/`;
  if (!noteId.href.startsWith(prefix)) return null;
  const id = noteId.href.slice(prefix.length);
  return /^[1-9]\d*$/.test(id) ? Number(id) : null;
}

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

/** The answer's Note, from JSON-LD as articles.ts makes Articles (Node has no Temporal yet). */
export function answerNote(publicUrl: string, site: URL, answer: StaffAnswer): Promise<Note> {
  const { authorId, authorHandle, objectId } = answer.reply;
  return Note.fromJsonLd({
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: answerNoteId(publicUrl, answer.commentId).href,
    type: 'Note',
    attributedTo: site.href,
    content: answerHtml(answer),
    inReplyTo: objectId,
    published: answer.createdAt,
    to: authorId,
    cc: PUBLIC,
    tag: [{ type: 'Mention', href: authorId, name: authorHandle ?? authorId }],
  });
}
