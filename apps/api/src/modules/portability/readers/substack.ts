/**
 * Substack's export (a zip, or its folder): posts.csv with posts/<post_id>.html, and the
 * subscriber lists email_list*.csv (free and paid shapes). A podcast episode is a post of its show
 * notes with its audio (podcast_url) on top; threads are not writing: reported and left out.
 */
import { escapeHtml } from '@quillpost/domain';
import {
  emptyBundle,
  ImportError,
  itemSlug,
  listedSubscriber,
  type ImportBundle,
} from '../bundle.js';
import type { ExportFiles } from '../unpack.js';
import { csvRows, instant, isTrue } from './tables.js';

export function readSubstack(files: ExportFiles): ImportBundle {
  const bundle = emptyBundle();
  const postsFile = files.names.find((name) => name === 'posts.csv');
  const lists = files.names.filter((name) => /(^|\/)email_list[^/]*\.csv$/.test(name));
  if (!postsFile && lists.length === 0) {
    throw new ImportError('This is not a Substack export: it has no posts.csv or email_list*.csv.');
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
      const audio = type === 'podcast' ? podcastAudio(row.get('podcast_url')) : null;
      if (type === 'podcast' && !audio) {
        bundle.problems.push({
          where: row.where,
          message: 'A podcast episode without its audio address: imported with its notes only.',
        });
      }
      bundle.items.push({
        kind: 'post',
        origin: row.where,
        slug,
        title,
        date,
        status: isTrue(row.get('is_published')) && !paidOnly ? 'published' : 'draft',
        excerpt: row.get('subtitle') || null,
        tags: paidOnly ? ['paid'] : [],
        featuredImage: null,
        // A player, as Substack showed it; the conversion decides what the site can show of it.
        html: `${audio ? `<audio controls src="${escapeHtml(audio)}"></audio>\n` : ''}${files.read(htmlFile).toString('utf8')}`,
      });
    }
  }
  for (const list of lists) {
    for (const row of csvRows(list, files.read(list)).rows) {
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
      bundle.subscribers.push(
        listedSubscriber({
          origin: row.where,
          email: row.get('email'),
          name: row.get('name') || null,
          state: isTrue(row.get('email_disabled')) ? 'unsubscribed' : 'active',
          since: instant(row.get('created_at')),
          notes,
        }),
      );
    }
  }
  return bundle;
}

/** The episode's audio file: an http(s) address, or none. */
function podcastAudio(address: string): string | null {
  const url = URL.parse(address);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null;
}
