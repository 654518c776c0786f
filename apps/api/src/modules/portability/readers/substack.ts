/**
 * Substack's export (a zip, or its folder): posts.csv with posts/<post_id>.html, and the
 * subscriber lists (free and paid shapes), found by their columns whatever they are named
 * (`email_list.<site>.csv` in most exports, not all). A podcast episode is a post of its show
 * notes with its audio (podcast_url) on top; a page (About Us) is a page; threads are not
 * writing: reported and left out.
 */
import { decodeHtmlEntities, escapeHtml } from '@quillpost/domain';
import {
  emptyBundle,
  ImportError,
  itemSlug,
  listedSubscriber,
  type ImportBundle,
} from '../bundle.js';
import type { ExportFiles } from '../unpack.js';
import { standingOf, standingTally } from './not-subscribed.js';
import { csvRows, instant, isTrue } from './tables.js';

/** The columns only Substack's subscriber lists have, beside `email`. */
const LIST_COLUMNS = ['email_disabled', 'active_subscription', 'expiry', 'plan'];

/**
 * The export's subscriber lists: its .csv files (but posts.csv and the per-post delivery and
 * open files under posts/, which hold addresses too) with an email column and Substack's
 * subscription columns.
 */
function subscriberLists(files: ExportFiles): string[] {
  return files.names.filter((name) => {
    if (!name.toLowerCase().endsWith('.csv') || name === 'posts.csv') return false;
    if (name.startsWith('posts/')) return false;
    const header = csvRows(name, files.read(name)).header.map((column) => column.toLowerCase());
    return header.includes('email') && LIST_COLUMNS.some((column) => header.includes(column));
  });
}

export function readSubstack(files: ExportFiles): ImportBundle {
  const bundle = emptyBundle();
  const postsFile = files.names.find((name) => name === 'posts.csv');
  const lists = subscriberLists(files);
  if (!postsFile && lists.length === 0) {
    throw new ImportError(
      `This is not a Substack export: it has no posts.csv, and no .csv file with an email column and Substack's subscription columns (${LIST_COLUMNS.join(', ')}).`,
    );
  }
  if (lists.length === 0) {
    bundle.notes.push({
      where: 'The export',
      message: `No subscriber list found: no .csv file in it has an email column with Substack's subscription columns (${LIST_COLUMNS.join(', ')}). Only writing is imported; to bring your subscribers, export them on Substack (Subscribers, then Export) and import that file too.`,
    });
  }
  if (postsFile) {
    for (const row of csvRows(postsFile, files.read(postsFile)).rows) {
      const id = row.get('post_id');
      const type = row.get('type') || 'newsletter';
      if (type === 'thread') {
        bundle.problems.push({ where: row.where, message: 'A thread, not a post: left out.' });
        continue;
      }
      const htmlFile = `posts/${id}.html`;
      if (!files.names.includes(htmlFile)) {
        bundle.problems.push({ where: row.where, message: `${htmlFile} is missing: left out.` });
        continue;
      }
      const title = row.get('title');
      const date = instant(row.get('post_date')) ?? instant(row.get('email_sent_at'));
      if (!title || !date) {
        bundle.problems.push({ where: row.where, message: 'No title or date: left out.' });
        continue;
      }
      // post_id is "<number>.<slug>" in Substack's exports.
      const slug = itemSlug(id.includes('.') ? id.slice(id.indexOf('.') + 1) : title, `post-${id}`);
      // This site has no paywall: a post for paying readers comes in as a draft, not public.
      const paidOnly = row.get('audience') === 'only_paid';
      if (paidOnly) {
        bundle.problems.push({
          where: row.where,
          message: 'For paying subscribers on Substack: imported as a draft, not published.',
        });
      }
      const kind = type === 'page' ? 'page' : 'post';
      const audio = type === 'podcast' ? podcastAudio(row.get('podcast_url')) : null;
      if (type === 'podcast' && !audio) {
        bundle.problems.push({
          where: row.where,
          message: 'A podcast episode without its audio address: imported with its notes only.',
        });
      }
      bundle.items.push({
        kind,
        origin: row.where,
        slug,
        title,
        date,
        status: isTrue(row.get('is_published')) && !paidOnly ? 'published' : 'draft',
        // Substack writes a subtitle's quotes and ampersands as HTML (&#x201C;, &amp;).
        excerpt: decodeHtmlEntities(row.get('subtitle')) || null,
        tags: paidOnly ? ['paid'] : [],
        mailedAt: kind === 'post' ? instant(row.get('email_sent_at')) : null,
        featuredImage: null,
        // A player, as Substack showed it; the conversion decides what the site can show of it.
        html: `${audio ? `<audio controls src="${escapeHtml(audio)}"></audio>\n` : ''}${files.read(htmlFile).toString('utf8')}`,
      });
    }
  }
  const tally = standingTally();
  for (const list of lists) {
    const { rows } = csvRows(list, files.read(list));
    bundle.notes.push({
      where: list,
      message: `Read as the subscriber list: ${rows.length === 1 ? '1 person' : `${rows.length} people`}.`,
    });
    for (const row of rows) {
      const paid =
        row.get('type') ||
        row.get('plan') ||
        (isTrue(row.get('active_subscription')) ? 'paid' : '');
      const notes = [
        paid && paid !== 'free'
          ? `Substack plan: ${paid}${row.get('expiry') ? ` (until ${row.get('expiry')})` : ''}`
          : '',
        row.get('stripe_connected_customer_id')
          ? `Stripe customer ${row.get('stripe_connected_customer_id')}`
          : '',
      ];
      // `type` in the paid list is a plan (comp, gift), not a standing.
      const standing = standingOf(row, null, { state: 'active' });
      tally.add(list, standing);
      bundle.subscribers.push(
        listedSubscriber({
          origin: row.where,
          email: row.get('email'),
          name: row.get('name') || null,
          state: standing.state === 'active' ? 'active' : 'unsubscribed',
          since: instant(row.get('created_at')),
          notes,
        }),
      );
    }
  }
  bundle.notes.push(...tally.notes());
  return bundle;
}

/** The episode's audio file: an http(s) address, or none. */
function podcastAudio(address: string): string | null {
  const url = URL.parse(address);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null;
}
