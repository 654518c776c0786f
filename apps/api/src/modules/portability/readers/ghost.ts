/**
 * Ghost's JSON content export (`db[0].data`: posts, tags, posts_tags; `html`, or the `lexical` or
 * `mobiledoc` it renders from) and Ghost's members CSV. Either may come alone, or both in a zip.
 */
import { decodeHtmlEntities, escapeHtml } from '@quillpost/domain';
import {
  emptyBundle,
  ImportError,
  itemSlug,
  listedSubscriber,
  type ImportBundle,
} from '../bundle.js';
import { markdownBlock } from '../html-to-markdown.js';
import type { ExportFiles } from '../unpack.js';
import { standingOf, standingTally } from './not-subscribed.js';
import { csvRows, instant, isTrue } from './tables.js';

interface GhostPost {
  id: string;
  title?: string;
  slug?: string;
  html?: string | null;
  lexical?: string | null;
  mobiledoc?: string | null;
  feature_image?: string | null;
  type?: string;
  status?: string;
  /** public, members, paid or tiers: this site has no paywall. */
  visibility?: string;
  published_at?: string | null;
  created_at?: string | null;
  custom_excerpt?: string | null;
}

interface LexicalNode {
  type?: string;
  text?: string;
  format?: number | string;
  tag?: string;
  listType?: string;
  url?: string;
  src?: string;
  altText?: string;
  caption?: string;
  children?: LexicalNode[];
}

/** Ghost's editor document as HTML, for the few kinds of node writing uses. */
function lexicalHtml(node: LexicalNode): string {
  const inner = (node.children ?? []).map(lexicalHtml).join('');
  switch (node.type) {
    case 'root':
      return inner;
    case 'paragraph':
      return `<p>${inner}</p>`;
    case 'heading':
    case 'extended-heading':
      return `<${node.tag ?? 'h2'}>${inner}</${node.tag ?? 'h2'}>`;
    case 'quote':
    case 'extended-quote':
      return `<blockquote><p>${inner}</p></blockquote>`;
    case 'list':
      return node.listType === 'number' ? `<ol>${inner}</ol>` : `<ul>${inner}</ul>`;
    case 'listitem':
      return `<li>${inner}</li>`;
    case 'link':
      return `<a href="${escapeHtml(node.url ?? '')}">${inner}</a>`;
    case 'linebreak':
      return '<br>';
    case 'image':
      return `<figure><img src="${escapeHtml(node.src ?? '')}" alt="${escapeHtml(node.altText ?? '')}">${node.caption ? `<figcaption>${node.caption}</figcaption>` : ''}</figure>`;
    case 'codeblock':
      return `<pre><code>${escapeHtml(String((node as { code?: string }).code ?? ''))}</code></pre>`;
    case 'html':
      return String((node as { html?: string }).html ?? '');
    case 'text':
    case 'extended-text': {
      const format = Number(node.format ?? 0);
      let text = escapeHtml(node.text ?? '');
      if (format & 16) text = `<code>${text}</code>`;
      if (format & 2) text = `<em>${text}</em>`;
      if (format & 1) text = `<strong>${text}</strong>`;
      return text;
    }
    default:
      return inner;
  }
}

/** Mobiledoc (Ghost before 5): its Markdown and HTML cards and its plain paragraphs. */
function mobiledocHtml(doc: {
  cards?: Array<[string, { markdown?: string; html?: string; src?: string; caption?: string }]>;
  sections?: unknown[][];
  markers?: unknown[];
}): string {
  const parts: string[] = [];
  for (const section of doc.sections ?? []) {
    if (section[0] === 10) {
      const [name, payload] = doc.cards?.[section[1] as number] ?? [];
      if (name === 'markdown' && payload?.markdown) parts.push(markdownBlock(payload.markdown));
      else if (name === 'html' && payload?.html) parts.push(payload.html);
      else if (name === 'image' && payload?.src) {
        parts.push(
          `<figure><img src="${escapeHtml(payload.src)}" alt="">${payload.caption ? `<figcaption>${payload.caption}</figcaption>` : ''}</figure>`,
        );
      }
    } else if (section[0] === 1) {
      const tag = String(section[1] ?? 'p');
      const text = ((section[2] as unknown[][]) ?? [])
        .map((marker) => escapeHtml(String(marker[3] ?? '')))
        .join('');
      parts.push(`<${tag}>${text}</${tag}>`);
    }
  }
  return parts.join('\n');
}

function postHtml(post: GhostPost): string {
  if (post.html) return post.html;
  try {
    if (post.lexical) return lexicalHtml((JSON.parse(post.lexical) as { root: LexicalNode }).root);
    if (post.mobiledoc) return mobiledocHtml(JSON.parse(post.mobiledoc));
  } catch {
    // An unreadable document is reported by the caller as an empty post.
  }
  return '';
}

function readContent(name: string, bytes: Buffer, bundle: ImportBundle): void {
  let parsed: { db?: Array<{ data?: Record<string, unknown[]> }> } | null;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new ImportError(`${name} is not valid JSON: ${(error as Error).message}`);
  }
  const data = parsed?.db?.[0]?.data;
  if (!data || !Array.isArray(data.posts)) {
    throw new ImportError(`${name} is not a Ghost export: it has no db[0].data.posts.`);
  }
  const tags = new Map(
    ((data.tags ?? []) as Array<{ id: string; name: string }>).map((tag) => [tag.id, tag.name]),
  );
  const tagsOf = new Map<string, Array<{ name: string; order: number }>>();
  for (const link of (data.posts_tags ?? []) as Array<{
    post_id: string;
    tag_id: string;
    sort_order?: number;
  }>) {
    const name = tags.get(link.tag_id);
    if (!name || name.startsWith('#')) continue; // #internal tags are Ghost's own
    tagsOf.set(link.post_id, [
      ...(tagsOf.get(link.post_id) ?? []),
      { name, order: link.sort_order ?? 0 },
    ]);
  }
  for (const post of data.posts as GhostPost[]) {
    const where = `${name}: post "${post.title ?? post.id}"`;
    const date = instant(post.published_at ?? '') ?? instant(post.created_at ?? '');
    if (!post.title || !date) {
      bundle.problems.push({ where, message: 'No title or date: left out.' });
      continue;
    }
    const html = postHtml(post);
    if (!html) bundle.problems.push({ where, message: 'No text could be read; imported empty.' });
    const membersOnly = (post.visibility ?? 'public') !== 'public';
    if (membersOnly) {
      bundle.problems.push({
        where,
        message: `For ${post.visibility} readers on Ghost: imported as a draft, not published.`,
      });
    }
    bundle.items.push({
      kind: post.type === 'page' ? 'page' : 'post',
      origin: where,
      slug: itemSlug(post.slug || post.title, `post-${post.id}`),
      title: post.title,
      date,
      status: post.status === 'published' && !membersOnly ? 'published' : 'draft',
      excerpt: post.custom_excerpt ? decodeHtmlEntities(post.custom_excerpt) : null,
      tags: (tagsOf.get(post.id) ?? []).sort((a, b) => a.order - b.order).map((tag) => tag.name),
      featuredImage: post.feature_image || null,
      html,
    });
  }
}

function readMembers(name: string, bytes: Buffer, bundle: ImportBundle): void {
  const { rows } = csvRows(name, bytes);
  const tally = standingTally();
  for (const row of rows) {
    const deleted = instant(row.get('deleted_at'));
    const notes = [
      row.get('note'),
      isTrue(row.get('complimentary_plan')) ? 'Complimentary plan on Ghost' : '',
      row.get('stripe_customer_id') ? `Stripe customer ${row.get('stripe_customer_id')}` : '',
      row.get('labels') ? `Labels: ${row.get('labels')}` : '',
      row.get('tiers') ? `Tiers: ${row.get('tiers')}` : '',
    ];
    // Ghost's own `status` (free, paid, comped) is a plan, not whether they are mailed.
    const standing = standingOf(row, null, { state: 'active' });
    tally.add(name, standing);
    const subscribed = standing.state === 'active';
    bundle.subscribers.push(
      listedSubscriber({
        origin: row.where,
        email: row.get('email'),
        name: row.get('name') || null,
        state: subscribed ? 'active' : 'unsubscribed',
        since: instant(row.get('created_at')),
        endedAt: subscribed ? null : deleted,
        notes,
      }),
    );
  }
  bundle.notes.push(...tally.notes());
}

export function readGhost(files: ExportFiles): ImportBundle {
  const bundle = emptyBundle();
  const json = files.names.filter((name) => name.endsWith('.json'));
  const csv = files.names.filter((name) => name.endsWith('.csv'));
  if (json.length === 0 && csv.length === 0) {
    throw new ImportError(
      'This is not a Ghost export: expected its .json content file or members .csv.',
    );
  }
  for (const name of json) readContent(name, files.read(name), bundle);
  for (const name of csv) {
    const { header } = csvRows(name, files.read(name));
    if (!header.map((h) => h.toLowerCase()).includes('subscribed_to_emails')) {
      throw new ImportError(`${name} is not Ghost's members CSV (no subscribed_to_emails column).`);
    }
    readMembers(name, files.read(name), bundle);
  }
  return bundle;
}
