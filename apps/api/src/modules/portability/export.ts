/**
 * Everything the site holds, in one zip another system (or this one, on a new server) can read
 * back (issue 27): the content folder as it is (Markdown, images, site.yml), subscribers with
 * their consent history as CSV, members with their sign-in methods, comments, bookmarks, events
 * and the moderation log as JSON, the fediverse account, and a README saying what each file
 * holds. No session or sign-in token is in it; the one secret is the fediverse account's private
 * keys, which a move needs (decision 0037), and the README says so first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { csvCell } from '@quillpost/domain';
import yazl from 'yazl';
import type { Db } from '../../db/connection.js';
import { membersForExport } from '../auth/index.js';
import { bookmarksForExport } from '../bookmarks/index.js';
import { discussionsForExport, remoteRepliesForMoving } from '../discussions/index.js';
import { eventsForExport } from '../events/index.js';
import { fediverseForExport } from '../fediverse/index.js';
import { webmentionsForMoving } from '../webmention/index.js';
import { moderationForExport } from '../moderation/index.js';
import { subscribersWithConsents } from '../subscriptions/index.js';
import { ARCHIVE_FILES, CONSENT_COLUMNS, SUBSCRIBER_COLUMNS } from './readers/archive.js';

const README = (site: string, at: string) => `# Everything from ${site}

Exported ${at}. Import it into a fresh site with \`pnpm data import archive <this file>\`.

**This archive holds a secret: \`fediverse.json\` has the private keys of the site's fediverse
account. Anyone who has them can post, follow and delete as the site, and every server that
follows it will believe them. Keep the archive as safe as the server itself, never share it,
and delete copies once the move is done.**

- \`content/\`: the content folder as it was: Markdown files (posts, journal, poetry, books,
  projects, pages, now), \`images/\`, and \`site.yml\` (who the site is).
- \`subscribers.csv\`: every subscriber who confirmed: state (active, unsubscribed, bounced),
  dates, the sections they receive, the page they subscribed from, and notes.
- \`consent-history.csv\`: every consent event of those subscribers, oldest first: what they
  agreed to or withdrew, where and when. The evidence of their consent; keep it.
- \`members.json\`: members (name, role, when they joined) and the ways each signs in (magic
  link, Google, GitHub, Discord, Facebook). No password, session or token: there are none.
- \`comments.json\`: discussion threads, comments (hidden and deleted ones marked) and reports.
- \`bookmarks.json\`, \`events.json\` (with replies), \`moderation-log.json\` (with warnings).
- \`remote-replies.json\`: replies from the fediverse and Webmentions, each with the post it
  answers, its author (name, handle, profile and avatar addresses), its text and whether it was
  held, approved or rejected; an import puts them back under the same posts.
- \`webmentions.json\`: each Webmention received and verified: the page that sent it, the post it
  named and whom its reply is kept as written by, so that page can still update or remove it.
- \`fediverse.json\`: the site's fediverse account: its two key pairs (private: see above), the
  handles it has answered to, its followers (their account's address, name, handle, inbox
  and when they followed) and the accounts and domains it blocks. Imported on a server at the same address (PUBLIC_URL), the account
  is the same one to every follower, who keeps following without doing anything.
`;

const csv = (rows: ReadonlyArray<ReadonlyArray<string | null>>) =>
  rows.map((row) => row.map((cell) => csvCell(cell ?? '')).join(',')).join('\r\n') + '\r\n';

function contentFiles(root: string, dir = root, found: string[] = []): string[] {
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) contentFiles(root, full, found);
    else if (entry.isFile()) found.push(full);
  }
  return found;
}

/** Writes the archive to `file`; resolves with how many of each it holds. */
export async function exportEverything(
  deps: { db: Db; contentDir: string; siteTitle: string; now: string },
  file: string,
): Promise<{ files: number; subscribers: number; members: number; bytes: number }> {
  const { db, contentDir, now } = deps;
  const zip = new yazl.ZipFile();
  const files = contentFiles(contentDir);
  for (const full of files) {
    const relative = path.relative(contentDir, full).split(path.sep).join('/');
    zip.addFile(full, `content/${relative}`);
  }
  const subscribers = subscribersWithConsents(db);
  zip.addBuffer(
    Buffer.from(
      csv([
        SUBSCRIBER_COLUMNS,
        ...subscribers.map((s) => [
          s.email,
          s.name,
          s.state,
          s.subscribedAt,
          s.confirmedAt,
          s.endedAt,
          s.bounceReason,
          s.note,
          Object.entries(s.preferences ?? {})
            .filter(([, on]) => on)
            .map(([section]) => section)
            .join(' '),
          s.startPath,
        ]),
      ]),
    ),
    ARCHIVE_FILES.subscribers,
  );
  zip.addBuffer(
    Buffer.from(
      csv([
        CONSENT_COLUMNS,
        ...subscribers.flatMap((s) =>
          s.consents.map((c) => [s.email, c.action, c.source, c.consentText, c.recordedAt]),
        ),
      ]),
    ),
    ARCHIVE_FILES.consents,
  );
  const members = membersForExport(db);
  const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  zip.addBuffer(json(members), ARCHIVE_FILES.members);
  zip.addBuffer(json(discussionsForExport(db)), ARCHIVE_FILES.comments);
  zip.addBuffer(json(bookmarksForExport(db)), ARCHIVE_FILES.bookmarks);
  zip.addBuffer(json(eventsForExport(db)), ARCHIVE_FILES.events);
  zip.addBuffer(json(moderationForExport(db)), ARCHIVE_FILES.moderationLog);
  zip.addBuffer(json(fediverseForExport(db)), ARCHIVE_FILES.fediverse);
  zip.addBuffer(json(remoteRepliesForMoving(db)), ARCHIVE_FILES.remoteReplies);
  zip.addBuffer(json(webmentionsForMoving(db)), ARCHIVE_FILES.webmentions);
  zip.addBuffer(Buffer.from(README(deps.siteTitle, now)), ARCHIVE_FILES.readme);
  zip.end();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(temporary);
    zip.outputStream.pipe(out).on('finish', resolve).on('error', reject);
    zip.outputStream.on('error', reject);
  });
  fs.renameSync(temporary, file);
  return {
    files: files.length,
    subscribers: subscribers.length,
    members: members.length,
    bytes: fs.statSync(file).size,
  };
}
