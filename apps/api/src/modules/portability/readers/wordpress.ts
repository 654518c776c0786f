/**
 * WordPress's export (WXR, one .xml file): posts and pages with their status, slug, categories,
 * tags, excerpt and featured image (an attachment found by its id). Attachments, menus and other
 * post types are not writing. A file that is not well-formed XML is refused with its line.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { emptyBundle, ImportError, itemSlug, type ImportBundle } from '../bundle.js';
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

function parseWxr(name: string, xml: string): WxrItem[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new ImportError(
      `${name} line ${valid.err.line}: not well-formed XML (${valid.err.msg}).`,
    );
  }
  const document = parser.parse(xml) as { rss?: { channel?: { item?: WxrItem[] } } };
  const channel = document.rss?.channel;
  if (!channel) throw new ImportError(`${name} is not a WordPress export (no rss channel).`);
  return channel.item ?? [];
}

export function readWordPress(files: ExportFiles): ImportBundle {
  const bundle = emptyBundle();
  const xmlFiles = files.names.filter((name) => name.endsWith('.xml'));
  if (xmlFiles.length === 0) throw new ImportError('This is not a WordPress export: no .xml file.');
  for (const name of xmlFiles) {
    const items = parseWxr(name, files.read(name).toString('utf8'));
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
      bundle.items.push({
        kind: type,
        origin: where,
        slug: itemSlug(
          postName(text(item['wp:post_name'])) || title,
          `${type}-${text(item['wp:post_id'])}`,
        ),
        title,
        date,
        status: status === 'publish' || status === 'future' ? 'published' : 'draft',
        excerpt: text(item['excerpt:encoded']).trim() || null,
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
