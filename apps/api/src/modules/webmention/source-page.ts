/**
 * What a page says, for Webmention: whether it links to a page (the W3C recommendation's
 * verification: an exact match of a link's address, resolved against the page), where it says
 * its own Webmention endpoint is, and, read minimally from its microformats, who wrote it and what
 * it says (its h-entry's content and author h-card; else its title and host).
 */
import { escapeHtml } from '@quillpost/domain';
import { DomUtils, parseDocument } from 'htmlparser2';

type Document = ReturnType<typeof parseDocument>;
type Element = NonNullable<ReturnType<typeof DomUtils.findOne>>;

/** The attributes that make an element a link to what they name. */
const LINKING: ReadonlyArray<readonly [string, string]> = [
  ['a', 'href'],
  ['area', 'href'],
  ['link', 'href'],
  ['img', 'src'],
  ['video', 'src'],
  ['audio', 'src'],
  ['source', 'src'],
  ['iframe', 'src'],
  ['blockquote', 'cite'],
  ['q', 'cite'],
];

/** An address written on `base` as an absolute URL string; null for what is not one. */
function resolved(value: string | undefined, base: URL): string | null {
  if (value === undefined) return null;
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return null;
  }
}

export function parsePage(html: string): Document {
  return parseDocument(html, { lowerCaseTags: true, lowerCaseAttributeNames: true });
}

/** Every address the page links to (resolved against `base`), each once, in order. */
export function linksOf(page: Document, base: URL, linking = LINKING): string[] {
  const found = new Set<string>();
  for (const element of DomUtils.findAll(() => true, page.children)) {
    for (const [tag, attribute] of linking) {
      if (element.name !== tag) continue;
      const url = resolved(DomUtils.getAttributeValue(element, attribute), base);
      if (url) found.add(url);
    }
  }
  return [...found];
}

/** The pages a page's anchors lead to: what a post is about, rather than what it shows. */
export const anchorsOf = (page: Document, base: URL) => linksOf(page, base, [['a', 'href']]);

/** Whether a page (HTML, or any text) links to `target`. */
export function pageLinksTo(body: string, contentType: string, base: URL, target: string): boolean {
  const wanted = new URL(target).href;
  if (!/html/i.test(contentType)) return body.includes(target);
  return linksOf(parsePage(body), base).includes(wanted);
}

const relsOf = (element: Element) =>
  (DomUtils.getAttributeValue(element, 'rel') ?? '').toLowerCase().split(/\s+/);

/**
 * The Webmention endpoint a page names: its HTTP Link header's first, then the first `<link>` or
 * `<a>` with rel="webmention" in document order, resolved against the page's address. An empty
 * href is the page itself.
 */
export function endpointOf(page: { url: URL; link: string; contentType: string; body: string }) {
  for (const part of page.link.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;]+))/i.exec(match?.[2] ?? '');
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (match && rels.includes('webmention')) return resolved(match[1] ?? '', page.url);
  }
  if (!/html/i.test(page.contentType)) return null;
  const element = DomUtils.findOne(
    (candidate) =>
      (candidate.name === 'link' || candidate.name === 'a') &&
      DomUtils.hasAttrib(candidate, 'href') &&
      relsOf(candidate).includes('webmention'),
    parsePage(page.body).children,
  );
  return element ? resolved(DomUtils.getAttributeValue(element, 'href') ?? '', page.url) : null;
}

const isElement = (node: object): node is Element => 'attribs' in node;

const classesOf = (element: Element) =>
  (DomUtils.getAttributeValue(element, 'class') ?? '').split(/\s+/).filter(Boolean);
const isRoot = (element: Element) => classesOf(element).some((name) => name.startsWith('h-'));

/**
 * The first element under `root` with the property class `name`, as microformats2 reads one:
 * never from inside another microformat nested in it.
 */
function property(root: Element, name: string): Element | null {
  const queue = [...DomUtils.getChildren(root)];
  while (queue.length) {
    const node = queue.shift()!;
    if (!isElement(node)) continue;
    if (classesOf(node).includes(name)) return node;
    if (!isRoot(node)) queue.unshift(...DomUtils.getChildren(node));
  }
  return null;
}

const text = (element: Element | null) =>
  element ? DomUtils.textContent(element).replace(/\s+/g, ' ').trim() : '';

/** A u-* property's address: its element's href or src, else its text. */
function urlProperty(root: Element, name: string, base: URL): string | null {
  const element = property(root, name);
  if (!element) return null;
  return resolved(
    DomUtils.getAttributeValue(element, 'href') ??
      DomUtils.getAttributeValue(element, 'src') ??
      text(element),
    base,
  );
}

export interface Mention {
  author: { name: string; url: string; avatarSource: string | null };
  /** HTML for the conversation to sanitize (an h-entry's e-content), or text escaped. */
  html: string;
}

/** Who wrote the page and what it says, as a reply under the post shows them. */
export function mentionOf(body: string, contentType: string, source: URL): Mention {
  const host = { name: source.host, url: source.origin, avatarSource: null };
  if (!/html/i.test(contentType)) return { author: host, html: escapeHtml(source.href) };
  const page = parsePage(body);
  const title = text(DomUtils.findOne((element) => element.name === 'title', page.children));
  const entry = DomUtils.findOne(
    (element) => classesOf(element).includes('h-entry'),
    page.children,
  );
  const card =
    (entry && property(entry, 'p-author')) ??
    DomUtils.findOne((element) => classesOf(element).includes('h-card'), page.children);
  const author = card
    ? {
        name: text(property(card, 'p-name') ?? card) || host.name,
        url:
          urlProperty(card, 'u-url', source) ??
          resolved(DomUtils.getAttributeValue(card, 'href'), source) ??
          host.url,
        avatarSource: urlProperty(card, 'u-photo', source),
      }
    : host;
  const content = entry && property(entry, 'e-content');
  if (content) return { author, html: DomUtils.getInnerHTML(content) };
  const plain =
    (entry && (text(property(entry, 'p-content')) || text(property(entry, 'p-summary')))) ||
    (entry && text(property(entry, 'p-name'))) ||
    title ||
    source.href;
  return { author, html: escapeHtml(plain) };
}
