import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import MarkdownIt, { type MarkdownIt as Md } from 'markdown-it';
import anchor from 'markdown-it-anchor';
import footnote from 'markdown-it-footnote';
import sanitizeHtml from 'sanitize-html';
import { countWords, PROSE_IMAGE_SIZES, slugOf, type ImageVariants } from '@quillpost/domain';
import { pictureHtml } from '../images/index.js';

// A few languages keep the bundle and the sync light; anything else renders as escaped plain code.
for (const [name, language] of Object.entries({
  bash,
  css,
  javascript,
  json,
  python,
  sql,
  typescript,
  xml,
  yaml,
})) {
  hljs.registerLanguage(name, language);
}
hljs.registerAliases(['sh', 'shell', 'zsh'], { languageName: 'bash' });
hljs.registerAliases(['ts', 'tsx'], { languageName: 'typescript' });
hljs.registerAliases(['js', 'jsx', 'mjs'], { languageName: 'javascript' });
hljs.registerAliases(['html', 'svg'], { languageName: 'xml' });
hljs.registerAliases(['yml'], { languageName: 'yaml' });
hljs.registerAliases(['py'], { languageName: 'python' });

/** Headings' anchors, and slugs of titles and categories. */
export const slugify = (text: string): string => slugOf(text, { fallback: 'section' });

function highlight(md: Md) {
  return (code: string, lang: string): string => {
    const language = lang && hljs.getLanguage(lang) ? lang : undefined;
    const inner = language
      ? hljs.highlight(code, { language, ignoreIllegals: true }).value
      : md.utils.escapeHtml(code);
    const cls = language ? ` language-${md.utils.escapeHtml(lang)}` : '';
    return `<pre class="hljs"><code class="hljs${cls}">${inner}</code></pre>`;
  };
}

/** What rendering is told about the site's images: the served variants of an address, if any. */
export type ImageLookup = (src: string) => ImageVariants | null;

/** One render's state: the site's images, and whether the next image is the first one seen. */
type RenderEnv = {
  images?: ImageLookup;
  eagerImage?: boolean;
};

/**
 * Photos the site serves as variants become `<picture>`; any other image stays an `<img>`. The
 * first image is fetched at once when `eagerImage` says nothing comes above it (no featured
 * image): it is what a reader sees first, the page's largest paint. The rest wait to be near.
 */
function pictures(md: Md) {
  const plainImage = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, index, options, env, self) => {
    const token = tokens[index]!;
    const render = (env ?? {}) as RenderEnv;
    const eager = render.eagerImage === true;
    render.eagerImage = false;
    const image = render.images?.(String(token.attrGet('src') ?? ''));
    if (!image) {
      if (eager) token.attrSet('fetchpriority', 'high');
      return plainImage(tokens, index, options, env, self);
    }
    return pictureHtml(image, {
      alt: self.renderInlineAsText(token.children ?? [], options, env),
      title: token.attrGet('title')?.toString(),
      sizes: PROSE_IMAGE_SIZES,
      eager,
    });
  };
}

/**
 * Footnotes (`[^1]`) as a numbered list under the text, each reference a small linked number and
 * each note a link back; named for screen readers, which cannot see that a raised 1 is a note.
 */
function footnotes(md: Md) {
  md.use(footnote);
  const rules = md.renderer.rules;
  rules.footnote_caption = (tokens, index) =>
    String((tokens[index]!.meta as { id: number }).id + 1);
  rules.footnote_ref = (tokens, index, options, env, self) => {
    const { id, subId } = tokens[index]!.meta as { id: number; subId: number };
    const name = self.rules.footnote_anchor_name!(tokens, index, options, env, self);
    const caption = self.rules.footnote_caption!(tokens, index, options, env, self);
    const refId = `fnref${name}${subId > 0 ? `:${subId}` : ''}`;
    return `<sup class="footnote-ref"><a href="#fn${name}" id="${refId}" aria-label="Footnote ${id + 1}">${caption}</a></sup>`;
  };
  rules.footnote_block_open = () =>
    '<section class="footnotes" aria-label="Footnotes">\n<ol class="footnotes-list">\n';
  rules.footnote_anchor = (tokens, index, options, env, self) => {
    const { subId } = tokens[index]!.meta as { subId: number };
    const name = self.rules.footnote_anchor_name!(tokens, index, options, env, self);
    const refId = `fnref${name}${subId > 0 ? `:${subId}` : ''}`;
    return ` <a href="#${refId}" class="footnote-backref" aria-label="Back to the text">↩︎</a>`;
  };
}

function createMarkdown(options: { breaks: boolean }): Md {
  const md: Md = new MarkdownIt({ html: true, linkify: true, typographer: true, ...options });
  md.set({ highlight: highlight(md) });
  pictures(md);
  footnotes(md);
  md.use(anchor, {
    level: [2, 3, 4],
    slugify,
    tabIndex: false,
    permalink: anchor.permalink.ariaHidden({
      placement: 'after',
      class: 'heading-anchor',
      symbol: '#',
      // Hidden from assistive technology, so out of the tab order too (the heading has the text).
      renderAttrs: () => ({ tabindex: '-1' }),
    }),
  });
  return md;
}

const prose = createMarkdown({ breaks: false });
// Poems keep the owner's line breaks without two trailing spaces on every line.
const verse = createMarkdown({ breaks: true });
const plain = new MarkdownIt({ html: true, linkify: false, typographer: true }).use(footnote);

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/**
 * An allow-list, so anything not named here is dropped: scripts and styles with their contents,
 * event handlers, iframes and forms; links only to http(s), mailto and same-site paths; images only
 * from http(s) and same-site paths (no data: URLs anywhere).
 */
export const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...HEADINGS,
    'p',
    'a',
    'img',
    'picture',
    'source',
    'figure',
    'figcaption',
    'blockquote',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'pre',
    'code',
    'span',
    'em',
    'strong',
    'b',
    'i',
    's',
    'del',
    'ins',
    'sub',
    'sup',
    'mark',
    'kbd',
    'abbr',
    'br',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'details',
    'summary',
    'div',
    'section',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'aria-hidden', 'aria-label', 'rel', 'tabindex', 'id'],
    li: ['id'],
    section: ['aria-label'],
    img: [
      'src',
      'srcset',
      'sizes',
      'alt',
      'title',
      'width',
      'height',
      'loading',
      'decoding',
      'fetchpriority',
    ],
    source: ['type', 'srcset', 'sizes'],
    ol: ['start'],
    abbr: ['title'],
    th: ['style'],
    td: ['style'],
    ...Object.fromEntries(HEADINGS.map((tag) => [tag, ['id']])),
  },
  allowedClasses: {
    a: ['heading-anchor', 'footnote-backref'],
    sup: ['footnote-ref'],
    section: ['footnotes'],
    ol: ['footnotes-list'],
    li: ['footnote-item'],
    pre: ['hljs'],
    code: ['hljs', 'language-*'],
    span: ['hljs-*', 'language-*'],
  },
  allowedStyles: { '*': { 'text-align': [/^(?:left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
      };
    },
    // Lazy, but for the one image pictures() marked to be fetched first: it leads the page.
    img: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.fetchpriority === 'high'
          ? { ...attribs, decoding: 'async' }
          : { ...attribs, loading: 'lazy', decoding: 'async' },
    }),
  },
};

export function sanitize(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/**
 * Between a body's prose and the rest of its words (table cells, code, footnotes) in `text`: a
 * search snippet is cut there, so a word found in the prose is shown among prose only.
 */
export const ASIDE_MARK = '\u001e';

export interface RenderedMarkdown {
  html: string;
  /**
   * Every word of the body, for search and reading time: its prose (paragraphs, headings, lists)
   * first, then ASIDE_MARK and its tables, code and footnotes, when it has any.
   */
  text: string;
  /** Paragraph text only, for excerpts. */
  paragraphs: string[];
  wordCount: number;
}

/**
 * Renders once at sync time; the sanitized HTML is what readers get. `eagerImage` when no
 * featured image comes above the body: its first image is then the one fetched first.
 */
export function renderMarkdown(
  source: string,
  options: { verse?: boolean; images?: ImageLookup; eagerImage?: boolean } = {},
): RenderedMarkdown {
  const md = options.verse ? verse : prose;
  const env: RenderEnv = { images: options.images, eagerImage: options.eagerImage };
  const html = sanitize(md.render(source, env)).trim();
  const { text, paragraphs } = extractText(source);
  const wordCount = countWords(text);
  return { html, text, paragraphs, wordCount };
}

function extractText(source: string): { text: string; paragraphs: string[] } {
  const tokens = plain.parse(source, {});
  const proseBlocks: string[] = [];
  const asides: string[] = [];
  const paragraphs: string[] = [];
  let inParagraph = false;
  let inTable = false;
  // A footnote's words are searched but never become an excerpt.
  let inFootnote = false;
  for (const token of tokens) {
    if (token.type === 'footnote_open') inFootnote = true;
    if (token.type === 'footnote_close') inFootnote = false;
    if (token.type === 'table_open') inTable = true;
    if (token.type === 'table_close') inTable = false;
    if (token.type === 'paragraph_open') inParagraph = true;
    if (token.type === 'paragraph_close') inParagraph = false;
    if (token.type === 'fence' || token.type === 'code_block') asides.push(token.content.trim());
    if (token.type !== 'inline' || !token.children) continue;
    const line = token.children
      .map((child) => {
        if (child.type === 'text' || child.type === 'code_inline') return child.content;
        if (child.type === 'softbreak' || child.type === 'hardbreak') return ' ';
        if (child.type === 'image') return '';
        return '';
      })
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    if (!line) continue;
    if (inTable || inFootnote) {
      asides.push(line);
      continue;
    }
    proseBlocks.push(line);
    if (inParagraph) paragraphs.push(line);
  }
  const blocks = asides.length ? [...proseBlocks, ASIDE_MARK, ...asides] : proseBlocks;
  return { text: blocks.join('\n'), paragraphs };
}

export const EXCERPT_LENGTHS = { short: 160, medium: 320, long: 640 } as const;

/** Cuts at a sentence end when one falls in the second half, else at a word, with an ellipsis. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const window = clean.slice(0, max);
  let sentenceEnd = -1;
  for (const match of window.matchAll(/[.!?…]["'”’)\]]?(?=\s)/g)) {
    sentenceEnd = match.index + match[0].length;
  }
  if (sentenceEnd >= max * 0.5) return window.slice(0, sentenceEnd);
  const lastSpace = window.lastIndexOf(' ', max - 1);
  const cut = lastSpace > max * 0.5 ? window.slice(0, lastSpace) : window.slice(0, max - 1);
  return `${cut.replace(/[\s,;:.\-–—]+$/, '')}…`;
}

export interface Excerpts {
  short: string;
  medium: string;
  long: string;
}

/** Given excerpts win; missing ones are derived from the body's paragraphs. */
export function deriveExcerpts(
  paragraphs: string[],
  given: { excerpt?: string; short?: string; medium?: string; long?: string },
): Excerpts {
  const body = paragraphs.join(' ');
  const medium = given.medium ?? given.excerpt ?? truncate(body, EXCERPT_LENGTHS.medium);
  return {
    short: given.short ?? truncate(given.excerpt ?? body, EXCERPT_LENGTHS.short),
    medium,
    long: given.long ?? truncate(body, EXCERPT_LENGTHS.long),
  };
}
