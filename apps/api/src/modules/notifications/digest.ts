/**
 * The owner's daily digest: the comments and reports of the days that ended since the last one
 * (calendar days in the site's time zone, site.yml), in one email to each ADMIN_EMAILS address,
 * soon after the owner's midnight and never for a quiet day. The owner turns it off in the
 * console's settings (`ownerDigest`).
 */
import { PAGE_PATHS, pagePath, startOfDayIn } from '@quillpost/domain';
import { iso, type Clock } from '../../clock.js';
import { siteIdentity } from '../site/index.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/statements.js';
import type { Env } from '../../env.js';
import type { Logger } from '../../logger.js';
import { enqueueMail } from '../../mail/outbox.js';
import { renderEmail } from '../../mail/templates.js';
import { truncate } from '../content/index.js';
import { readSettings } from '../settings/index.js';
import { digestCoveredUntil, setDigestCoveredUntil } from './store.js';

const DAY_MS = 24 * 60 * 60_000;
/** How often the server asks whether a digest is due. */
export const DIGEST_CHECK_MS = 15 * 60_000;
const LISTED_MAX = 20;

/** What came in over a window: the new comments still visible, the new reports still open. */
export interface CommunityActivity {
  comments: Array<{ author: string | null; thread: string; body: string }>;
  reports: Array<{ reason: string | null; author: string | null; body: string }>;
}

export type DigestDeps = {
  db: Db;
  clock: Clock;
  env: Env;
  logger: Logger;
  /**
   * The discussions' activity, passed in by the composition root: discussions queue reply emails
   * through this module, so it cannot import theirs.
   */
  communityActivity: (db: Db, window: { from: string; to: string }) => CommunityActivity;
};

const EXCERPT_MAX_CHARS = 140;

/**
 * Sends the digest once a day of the site's has ended since the window the last one covered;
 * returns what it counted, or null when none was due. Quiet days move the window on without an
 * email.
 */
export function sendOwnerDigest(deps: DigestDeps): { comments: number; reports: number } | null {
  const { db, clock, env } = deps;
  const now = clock.now();
  const site = siteIdentity(db);
  return inTransaction(db, () => {
    const last = digestCoveredUntil(db);
    if (!last) {
      // The first day starts now: a new site (or a new feature) does not mail the past.
      setDigestCoveredUntil(db, iso(now));
      return null;
    }
    // Up to the start of the owner's today; after downtime one digest covers all the days missed.
    const today = startOfDayIn(now, site.timezone);
    if (Date.parse(last) >= today) return null;
    const window = { from: last, to: iso(today) };
    const days = Math.max(1, Math.round((today - Date.parse(last)) / DAY_MS));
    setDigestCoveredUntil(db, window.to);
    if (!readSettings(db).ownerDigest || env.ADMIN_EMAILS.length === 0) return null;

    const { comments, reports } = deps.communityActivity(db, window);
    if (!comments.length && !reports.length) return null;

    const count = (n: number, what: string) => `${n} new ${what}${n === 1 ? '' : 's'}`;
    const span = days === 1 ? 'yesterday' : `in the last ${days} days`;
    const summary = `${count(comments.length, 'comment')} and ${count(reports.length, 'report')} ${span}.`;
    const lines = [
      ...reports
        .slice(0, LISTED_MAX)
        .map(
          (report) =>
            `Reported${report.reason ? ` (${report.reason})` : ''}: ${report.author ?? 'A member'} wrote “${truncate(report.body, EXCERPT_MAX_CHARS)}”`,
        ),
      ...comments
        .slice(0, LISTED_MAX)
        .map(
          (comment) =>
            `${comment.author ?? 'A member'} on “${comment.thread}”: ${truncate(comment.body, EXCERPT_MAX_CHARS)}`,
        ),
    ];
    const more = comments.length + reports.length - lines.length;
    const content = renderEmail({
      site,
      heading: 'New in your community',
      paragraphs: [summary, ...lines, ...(more > 0 ? [`And ${more} more.`] : [])],
      button: {
        label: reports.length ? 'Open the moderation queue' : 'Open the discussions',
        url: new URL(
          reports.length
            ? pagePath('membersModeration', { '*': 'queue' })
            : PAGE_PATHS.membersDiscussions,
          env.WEB_ORIGIN,
        ).toString(),
      },
      reason: `You are receiving this because you run ${site.title}. Turn the digest off in the console's settings.`,
    });
    for (const to of env.ADMIN_EMAILS) {
      enqueueMail(deps, {
        kind: 'owner-digest',
        to,
        subject: `${site.title}: ${summary}`,
        ...content,
      });
    }
    return { comments: comments.length, reports: reports.length };
  });
}

/** Checks every DIGEST_CHECK_MS whether the digest is due; returns the stop function. */
export function startOwnerDigest(deps: DigestDeps): () => void {
  const tick = () => {
    try {
      const sent = sendOwnerDigest(deps);
      if (sent) deps.logger.info(sent, 'owner digest: queued');
    } catch (error) {
      deps.logger.error({ err: error }, 'owner digest: failed');
    }
  };
  tick();
  const timer = setInterval(tick, DIGEST_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
