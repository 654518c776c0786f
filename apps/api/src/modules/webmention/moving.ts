/**
 * The Webmentions received, in the site's archive (`webmentions.json`): each mention verified,
 * by the page that sent it, our post it named and whom its reply is kept as written by. The reply
 * itself travels with the discussions' (`remote-replies.json`); this is what lets the same page,
 * sent again on the new server, update or remove that reply there (decision 0034).
 */
import { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/statements.js';
import { hasRemoteReply } from '../discussions/index.js';
import { objectIdOf } from './service.js';
import { keepMention, mentionAuthor, mentions } from './store.js';

const address = z.url({ protocol: /^https?$/ }).max(2_000);

/** `webmentions.json`, oldest first: checked whole before anything of it is written. */
export const archivedWebmentionsSchema = z.array(
  z.object({
    source: address,
    target: address,
    /** Their page that names them, as the reply's author is known by. */
    authorId: z.string().min(1).max(2_000),
    verifiedAt: z.iso.datetime(),
  }),
);
export type ArchivedWebmention = z.output<typeof archivedWebmentionsSchema>[number];

export const webmentionsForMoving = (db: Db): ArchivedWebmention[] => mentions(db);

/**
 * Puts the mentions back beside their replies (restored before them), as verified when they were;
 * one whose reply did not come back (its post is not here) is left out with it, and one already
 * here is left as it is. How many were restored.
 */
export function restoreWebmentions(db: Db, archived: readonly ArchivedWebmention[]): number {
  return inTransaction(db, () => {
    const restored = archived.filter(
      (mention) =>
        hasRemoteReply(db, objectIdOf(mention)) &&
        mentionAuthor(db, mention.source, mention.target) === null,
    );
    for (const { verifiedAt, ...mention } of restored) keepMention(db, mention, verifiedAt);
    return restored.length;
  });
}
