/**
 * Another platform's post HTML as this site's Markdown (issue 27), by turndown with GFM tables:
 * headings, quotes, lists and code as Markdown; a figure keeps its caption (a <figure> around the
 * image, which the site renders as it is); footnotes from Substack, WordPress and markdown-it
 * become `[^n]` notes; embedded players (a podcast's audio too) become links to what they play;
 * the platforms' buttons and share widgets go, and so does a divider with nothing after it.
 */
import TurndownService from 'turndown';
import { gfm } from '@joplin/turndown-plugin-gfm';

/** Markdown inside HTML (a Ghost Markdown card), passed through the conversion as it is. */
export const markdownBlock = (markdown: string) =>
  `<div data-markdown="${Buffer.from(markdown).toString('base64')}"></div>`;

export interface ConvertedHtml {
  markdown: string;
  /** Every image address the text uses, as written in the HTML. */
  images: string[];
}

type Element = TurndownService.Node & HTMLElement;

const FOOTNOTE_CONTAINERS =
  'div.footnote, li[id^="fn"], ol.wp-block-footnotes > li, section.footnotes li, .footnotes li';

function footnoteNumber(node: Element): string | null {
  const href = node.getAttribute('href') ?? '';
  const match = /#(?:footnote-|fn[-:]?|)([\w-]+)$/.exec(href);
  return match ? match[1]!.replace(/^.*?(\d+)$/, '$1') : null;
}

function converter(images: string[], notes: string[]): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
    linkStyle: 'inlined',
  });
  service.use(gfm);
  service.remove(['script', 'style', 'noscript', 'form', 'button']);
  // Substack's subscribe and share widgets, Ghost's and WordPress's buttons: not writing.
  service.addRule('platform-widgets', {
    filter: (node) =>
      (node as Element).matches?.(
        '.subscription-widget-wrap, .subscribe-widget, .share-dialog, .button-wrapper, .kg-signup-card, .wp-block-buttons, .captioned-button-wrap',
      ) ?? false,
    replacement: () => '',
  });
  service.addRule('markdown-block', {
    filter: (node) => (node as Element).hasAttribute?.('data-markdown') ?? false,
    replacement: (_content, node) =>
      `\n\n${Buffer.from((node as Element).getAttribute('data-markdown') ?? '', 'base64').toString('utf8')}\n\n`,
  });
  service.addRule('footnote-reference', {
    filter: (node) =>
      (node.nodeName === 'A' &&
        /footnote-anchor|footnote-ref|fn-ref/.test((node as Element).className || '')) ||
      (node.nodeName === 'A' &&
        node.parentNode?.nodeName === 'SUP' &&
        /^#(fn|footnote)/.test((node as Element).getAttribute('href') ?? '')),
    replacement: (_content, node) => {
      const number = footnoteNumber(node as Element);
      return number ? `[^${number}]` : '';
    },
  });
  service.addRule('footnote-sup', {
    filter: (node) =>
      node.nodeName === 'SUP' &&
      Boolean((node as Element).querySelector?.('a[href^="#fn"], a[href^="#footnote"]')),
    replacement: (content) => content,
  });
  service.addRule('footnote-body', {
    filter: (node) => (node as Element).matches?.(FOOTNOTE_CONTAINERS) ?? false,
    replacement: (_content, node) => {
      const element = node as Element;
      const id =
        element.querySelector('a.footnote-number')?.getAttribute('id') ??
        element.getAttribute('id');
      const number = id?.replace(/^.*?(\d+)$/, '$1');
      const body = element.querySelector('.footnote-content') ?? element;
      const clone = body.cloneNode(true) as Element;
      for (const back of Array.from(
        clone.querySelectorAll(
          'a.footnote-number, a[href^="#fnref"], a[href*="-link"], a.footnote-backref',
        ),
      )) {
        back.remove();
      }
      const text = service
        .turndown(clone.innerHTML)
        .replace(/\s*\n\s*/g, ' ')
        .trim();
      if (number && text) notes.push(`[^${number}]: ${text}`);
      return '';
    },
  });
  // The list or section that held the notes is left empty once they are taken out.
  service.addRule('footnote-list', {
    filter: (node) =>
      (node as Element).matches?.('ol.wp-block-footnotes, section.footnotes, div.footnotes') ??
      false,
    replacement: (content) => content.trim(),
  });
  service.addRule('figure', {
    filter: 'figure',
    replacement: (_content, node) => {
      const element = node as Element;
      const image = element.querySelector('img');
      const caption = element.querySelector('figcaption');
      if (!image) return `\n\n${service.turndown(element.innerHTML)}\n\n`;
      const src = image.getAttribute('src') ?? '';
      images.push(src);
      const alt = (image.getAttribute('alt') ?? '').replace(/[[\]]/g, '');
      const captionText = caption ? service.turndown(caption.innerHTML).trim() : '';
      const picture = `![${alt}](${src})`;
      return captionText
        ? `\n\n<figure>\n\n${picture}\n\n<figcaption>${captionText}</figcaption>\n</figure>\n\n`
        : `\n\n${picture}\n\n`;
    },
  });
  service.addRule('image', {
    filter: 'img',
    replacement: (_content, node) => {
      const element = node as Element;
      const src = element.getAttribute('src') ?? '';
      if (!src) return '';
      images.push(src);
      const alt = (element.getAttribute('alt') ?? '').replace(/[[\]]/g, '');
      return `![${alt}](${src})`;
    },
  });
  service.addRule('embed', {
    filter: ['iframe', 'video', 'audio'],
    replacement: (_content, node) => {
      const element = node as Element;
      const src =
        element.getAttribute('src') ?? element.querySelector('source')?.getAttribute('src');
      if (!src) return '';
      const url = src.startsWith('//') ? `https:${src}` : src;
      const youtube = /youtube(?:-nocookie)?\.com\/embed\/([\w-]+)/.exec(url);
      const target = youtube ? `https://www.youtube.com/watch?v=${youtube[1]}` : url;
      const host = URL.parse(target)?.host;
      if (!host) return '';
      // The site's pages play no remote media (the sanitizer has no <audio>, the CSP's media
      // comes from the site itself): a podcast's episode is linked to where it plays.
      const label = node.nodeName === 'AUDIO' ? `Listen: audio on ${host}` : `Embedded: ${host}`;
      return `\n\n[${label}](${target})\n\n`;
    },
  });
  return service;
}

export function htmlToMarkdown(html: string): ConvertedHtml {
  const images: string[] = [];
  const notes: string[] = [];
  const markdown = converter(images, notes)
    .turndown(html || '')
    .trim()
    // Substack closes a post with a divider (before its notes, or its removed subscribe box):
    // nothing follows it here.
    .replace(/(?:^|\n+)(?:\* \* \*\s*)+$/, '');
  const body = notes.length ? `${markdown}\n\n${notes.join('\n\n')}` : markdown;
  return { markdown: `${body.replace(/\n{3,}/g, '\n\n')}\n`, images: [...new Set(images)] };
}
