/**
 * WordPress's export (WXR, one .xml file): posts and pages with their status, slug, categories,
 * tags, excerpt and featured image (an attachment found by its id). Attachments, menus and other
 * post types are not writing. A file that is not well-formed XML is refused with its line, but for
 * the one flaw exports commonly have: a bare "&" (in an address's query string), read as "&amp;"
 * and reported. Password-protected and private posts come in as drafts.
 */
import { decodeHtmlEntities } from '@quillpost/domain';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { emptyBundle, ImportError, itemSlug, type ImportBundle, type Problem } from '../bundle.js';
import type { ExportFiles } from '../unpack.js';
import { instant } from './tables.js';

type Value = string | number | { '#text'?: string | number } | undefined;

interface WxrItem {
  title?: Value;
  'content:encoded'?: Value;
  'excerpt:encoded'?: Value;
  'wp:post_id'?: Value;
  'wp:post_date_gmt'?: Value;
  'wp:post_date'?: Value;
  'wp:post_name'?: Value;
  'wp:status'?: Value;
  'wp:post_type'?: Value;
  'wp:post_password'?: Value;
  'wp:attachment_url'?: Value;
  category?: Array<{ '#text'?: Value; '@_domain'?: string; '@_nicename'?: string }>;
  'wp:postmeta'?: Array<{ 'wp:meta_key'?: Value; 'wp:meta_value'?: Value }>;
}

const text = (value: Value): string =>
  value === undefined
    ? ''
    : typeof value === 'object'
      ? String(value['#text'] ?? '')
      : String(value);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  cdataPropName: false,
  parseTagValue: false,
  isArray: (name) => name === 'item' || name === 'category' || name === 'wp:postmeta',
  processEntities: true,
  htmlEntities: true,
});

/** Where a "&" is the character itself already: CDATA sections and comments. */
const WRITTEN_AS_IS = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g;
/** A "&" that starts no entity or character reference. */
const BARE_AMPERSAND = /&(?!(?:[A-Za-z_:][\w.:-]*|#\d+|#x[\da-fA-F]+);)/g;
const LINES_LISTED = 10;

/** The XML with each bare "&" written as "&amp;", and the lines they were on. */
function escapeBareAmpersands(xml: string): { xml: string; lines: number[] } {
  const offsets: number[] = [];
  let escaped = '';
  let from = 0;
  const escapeUpTo = (end: number) => {
    const start = from;
    escaped += xml.slice(start, end).replace(BARE_AMPERSAND, (_amp, at: number) => {
      offsets.push(start + at);
      return '&amp;';
    });
  };
  for (const kept of xml.matchAll(WRITTEN_AS_IS)) {
    escapeUpTo(kept.index);
    escaped += kept[0];
    from = kept.index + kept[0].length;
  }
  escapeUpTo(xml.length);
  const lines: number[] = [];
  let line = 1;
  let scanned = 0;
  for (const offset of offsets) {
    for (; scanned < offset; scanned += 1) if (xml.charCodeAt(scanned) === 10) line += 1;
    lines.push(line);
  }
  return { xml: escaped, lines };
}

function bareAmpersandsProblem(name: string, lines: number[]): Problem {
  const distinct = [...new Set(lines)];
  const listed =
    distinct.slice(0, LINES_LISTED).join(', ') + (distinct.length > LINES_LISTED ? ', …' : '');
  return {
    where: name,
    message: `Not well-formed XML on line${distinct.length > 1 ? 's' : ''} ${listed}: ${lines.length} bare "&" read as "&amp;".`,
  };
}

function parseWxr(name: string, raw: string, bundle: ImportBundle): WxrItem[] {
  const { xml, lines } = escapeBareAmpersands(raw);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new ImportError(
      `${name} line ${valid.err.line}: not well-formed XML (${valid.err.msg}).`,
    );
  }
  let document: { rss?: { channel?: { item?: WxrItem[] } } };
  try {
    document = parser.parse(xml) as typeof document;
  } catch (error) {
    // What the validator lets through but the parser will not read: an external or malformed
    // entity in a DOCTYPE, say.
    throw new ImportError(`${name}: not well-formed XML (${(error as Error).message}).`);
  }
  const channel = document.rss?.channel;
  if (!channel) throw new ImportError(`${name} is not a WordPress export (no rss channel).`);
  if (lines.length > 0) bundle.problems.push(bareAmpersandsProblem(name, lines));
  return channel.item ?? [];
}

/** Posts WordPress shows only to some: not published here, where every post is public. */
function hiddenOnWordPress(item: WxrItem): string | null {
  if (text(item['wp:post_password'])) return 'Password-protected';
  if (text(item['wp:status']) === 'private') return 'Private';
  return null;
}

export function readWordPress(files: ExportFiles): ImportBundle {
  const bundle = emptyBundle();
  const xmlFiles = files.names.filter((name) => name.endsWith('.xml'));
  if (xmlFiles.length === 0) throw new ImportError('This is not a WordPress export: no .xml file.');
  for (const name of xmlFiles) {
    const items = parseWxr(name, files.read(name).toString('utf8'), bundle);
    const attachments = new Map(
      items
        .filter((item) => text(item['wp:post_type']) === 'attachment')
        .map((item) => [text(item['wp:post_id']), text(item['wp:attachment_url'])]),
    );
    for (const item of items) {
      const type = text(item['wp:post_type']);
      if (type !== 'post' && type !== 'page') continue;
      const title = text(item.title).trim();
      const where = `${name}: ${type} "${title || text(item['wp:post_id'])}"`;
      const status = text(item['wp:status']);
      if (status === 'trash' || status === 'auto-draft') continue;
      const gmt = text(item['wp:post_date_gmt']);
      const date =
        (gmt && !gmt.startsWith('0000') ? instant(gmt) : null) ??
        instant(text(item['wp:post_date']));
      if (!title || !date) {
        bundle.problems.push({ where, message: 'No title or date: left out.' });
        continue;
      }
      const categories = item.category ?? [];
      const named = (domain: string) =>
        categories.filter((c) => c['@_domain'] === domain).map((c) => text(c['#text']).trim());
      const thumbnail = (item['wp:postmeta'] ?? []).find(
        (meta) => text(meta['wp:meta_key']) === '_thumbnail_id',
      );
      const featured = thumbnail ? attachments.get(text(thumbnail['wp:meta_value'])) : undefined;
      const hidden = hiddenOnWordPress(item);
      if (hidden) {
        bundle.problems.push({
          where,
          message: `${hidden} on WordPress: imported as a draft, not published.`,
        });
      }
      bundle.items.push({
        kind: type,
        origin: where,
        slug: itemSlug(
          postName(text(item['wp:post_name'])) || title,
          `${type}-${text(item['wp:post_id'])}`,
        ),
        title,
        date,
        status: (status === 'publish' || status === 'future') && !hidden ? 'published' : 'draft',
        excerpt: decodeHtmlEntities(text(item['excerpt:encoded']).trim()) || null,
        tags: [...named('category').filter((c) => c !== 'Uncategorized'), ...named('post_tag')],
        featuredImage: featured || null,
        // WordPress keeps paragraphs as blank lines, not <p>, in classic posts.
        html: paragraphs(text(item['content:encoded'])),
      });
    }
  }
  return bundle;
}

/** wp:post_name is percent-encoded for non-ASCII slugs; a stray % is kept as it is. */
function postName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** WordPress's wpautop, roughly: text separated by blank lines becomes paragraphs. */
function paragraphs(html: string): string {
  if (/<p[\s>]/i.test(html) || !html.includes('\n\n')) return html;
  return html
    .split(/\n\s*\n/)
    .map((block) =>
      /^\s*<(h\d|ul|ol|blockquote|pre|figure|table|div)/i.test(block) ? block : `<p>${block}</p>`,
    )
    .join('\n');
}
