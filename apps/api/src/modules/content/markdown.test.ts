import { describe, expect, it } from 'vitest';
import {
  ASIDE_MARK,
  deriveExcerpts,
  EXCERPT_LENGTHS,
  renderMarkdown,
  sanitize,
  truncate,
} from './markdown.js';

/** Every element and attribute of some HTML, as a flat list, to assert on what survives. */
function attributesOf(html: string): string[] {
  return [...html.matchAll(/<([a-z0-9]+)([^>]*)>/gi)].flatMap(([, tag, attrs]) => [
    tag!.toLowerCase(),
    ...[...(attrs ?? '').matchAll(/([a-z-]+)=("[^"]*"|'[^']*')/gi)].map(
      ([, name, value]) => `${name!.toLowerCase()}=${value}`,
    ),
  ]);
}

describe('sanitizing hostile Markdown', () => {
  it('drops script and style elements with their contents', () => {
    const { html } = renderMarkdown(
      'Hello\n\n<script>alert("x")</script>\n\n<style>body{display:none}</style>\n\nBye <script src="https://evil.example/x.js"></script>',
    );
    expect(html).not.toMatch(/<script|<style|alert|display:none|evil\.example/i);
    expect(html).toContain('Hello');
    expect(html).toContain('Bye');
  });

  it('removes every event handler attribute', () => {
    const { html } = renderMarkdown(
      [
        '<img src="/content/images/a.svg" onerror="alert(1)" alt="a">',
        '<div onclick="steal()" onmouseover=\'x()\'>text</div>',
        '<a href="/ok" onfocus="x()">link</a>',
        '<svg onload="alert(1)"><circle r="1"/></svg>',
      ].join('\n\n'),
    );
    expect(attributesOf(html).some((attribute) => attribute.startsWith('on'))).toBe(false);
    expect(html).not.toMatch(/alert|steal|<svg/i);
    expect(html).toContain(
      '<img src="/content/images/a.svg" alt="a" loading="lazy" decoding="async" />',
    );
  });

  it('neutralizes javascript:, vbscript: and data: links, however they are spelled', () => {
    const { html } = renderMarkdown(
      [
        '[md](javascript:alert(1))',
        '[md2](JaVaScRiPt:alert(1))',
        '<a href="javascript:alert(1)">raw</a>',
        '<a href="  javascript:alert(1)">spaced</a>',
        '<a href="java&#x73;cript:alert(1)">entity</a>',
        '<a href="vbscript:msgbox(1)">vb</a>',
        '<a href="data:text/html;base64,PHNjcmlwdD4=">data link</a>',
        '[data md](data:text/html,<script>alert(1)</script>)',
        '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="data image">',
        '<a href="//evil.example/path">protocol-relative</a>',
      ].join('\n\n'),
    );
    const hrefs = attributesOf(html).filter((a) => a.startsWith('href=') || a.startsWith('src='));
    expect(hrefs).toEqual([]);
    // The link texts stay as harmless text; only markdown-it's refusal leaves the URL visible.
    expect(html).toContain('raw');
    expect(html).toContain('protocol-relative');
  });

  it('drops iframes, objects, embeds and forms', () => {
    const { html } = renderMarkdown(
      [
        '<iframe src="https://evil.example/"></iframe>',
        '<object data="x.swf"></object><embed src="x.swf">',
        '<form action="https://evil.example/"><input name="password"><button>Go</button></form>',
        '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
        '<base href="https://evil.example/">',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<(iframe|object|embed|form|input|button|meta|base)\b/i);
    expect(html).not.toContain('evil.example');
  });

  it('keeps safe links and marks external ones noopener', () => {
    const { html } = renderMarkdown(
      '[site](/posts/hello) [web](https://example.org/a?b=1) [mail](mailto:hi@example.org)',
    );
    expect(html).toContain('<a href="/posts/hello">site</a>');
    expect(html).toContain('<a href="https://example.org/a?b=1" rel="noopener noreferrer">web</a>');
    expect(html).toContain('<a href="mailto:hi@example.org">mail</a>');
  });

  it('allows only text-align styles and known classes', () => {
    expect(sanitize('<p style="color:red" class="evil">x</p>')).toBe('<p>x</p>');
    expect(sanitize('<td style="text-align:right;background:url(x)">1</td>')).toContain(
      'style="text-align:right"',
    );
  });
});

describe('rendering', () => {
  it('gives h2-h4 headings ids and a permalink anchor, unique per document', () => {
    const { html } = renderMarkdown(
      '## What I learned\n\ntext\n\n## What I learned\n\n### Café notes',
    );
    expect(html).toContain('<h2 id="what-i-learned">');
    expect(html).toContain('<h2 id="what-i-learned-1">');
    expect(html).toContain('<h3 id="cafe-notes">');
    expect(html).toContain(
      '<a class="heading-anchor" href="#what-i-learned" aria-hidden="true" tabindex="-1">#</a>',
    );
  });

  it('highlights known languages on the server and escapes unknown ones', () => {
    const { html } = renderMarkdown(
      '```ts\nconst answer: number = 42;\n```\n\n```brainfuck\n<script>+++</script>\n```',
    );
    expect(html).toContain('<pre class="hljs"><code class="hljs language-ts">');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('&lt;script&gt;+++&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('numbers footnotes, links each reference to its note and back, and names both', () => {
    const { html } = renderMarkdown(
      'Window functions[^1] keep rows[^why]; again[^1].\n\n[^1]: Since SQL:2003.\n[^why]: Unlike *GROUP BY*.',
    );
    expect(html).toContain(
      '<sup class="footnote-ref"><a href="#fn1" id="fnref1" aria-label="Footnote 1">1</a></sup>',
    );
    expect(html).toContain('<a href="#fn1" id="fnref1:1" aria-label="Footnote 1">1</a>');
    expect(html).toContain('<section class="footnotes" aria-label="Footnotes">');
    expect(html).toContain(
      '<li id="fn2" class="footnote-item"><p>Unlike <em>GROUP BY</em>. <a href="#fnref2" class="footnote-backref" aria-label="Back to the text">↩︎</a></p>',
    );
    const { text, paragraphs } = renderMarkdown(
      'Window functions[^1] keep rows.\n\n[^1]: Since SQL:2003.',
    );
    expect(text).toBe(`Window functions keep rows.\n${ASIDE_MARK}\nSince SQL:2003.`);
    expect(paragraphs).toEqual(['Window functions keep rows.']);
  });

  it('renders GFM tables with their alignment', () => {
    const { html } = renderMarkdown('| Week | Runs |\n|:-----|-----:|\n| 1 | 3 |\n');
    expect(html).toContain('<th style="text-align:left">Week</th>');
    expect(html).toContain('<td style="text-align:right">3</td>');
  });

  it('keeps line breaks in verse', () => {
    expect(renderMarkdown('one line\nanother', { verse: true }).html).toContain('one line<br />');
    expect(renderMarkdown('one line\nanother').html).not.toContain('<br');
  });

  it('extracts plain text without markup for search and counting', () => {
    const rendered = renderMarkdown(
      '# Title\n\nSome *emphasis* and `code` here.\n\n<div>raw html</div>\n\n- a list item',
    );
    expect(rendered.text).toBe('Title\nSome emphasis and code here.\na list item');
    expect(rendered.paragraphs).toEqual(['Some emphasis and code here.', 'a list item']);
    expect(rendered.wordCount).toBe(9);
  });
});

describe('excerpts', () => {
  it('cuts at a sentence end when one falls late enough, else at a word with an ellipsis', () => {
    const text = 'The first sentence is here. The second sentence runs on and on past the limit.';
    expect(truncate(text, 40)).toBe('The first sentence is here.');
    expect(truncate('alpha beta gamma delta epsilon zeta', 20)).toBe('alpha beta gamma…');
    expect(truncate('short', 20)).toBe('short');
  });

  it('derives the three excerpts from paragraphs, within their lengths, and keeps given ones', () => {
    const paragraphs = Array.from(
      { length: 12 },
      (_, i) => `Paragraph ${i} has a handful of ordinary words in it.`,
    );
    const derived = deriveExcerpts(paragraphs, {});
    expect(derived.short.length).toBeLessThanOrEqual(EXCERPT_LENGTHS.short);
    expect(derived.medium.length).toBeLessThanOrEqual(EXCERPT_LENGTHS.medium);
    expect(derived.long.length).toBeLessThanOrEqual(EXCERPT_LENGTHS.long);
    expect(derived.short.length).toBeLessThan(derived.medium.length);
    expect(derived.medium.length).toBeLessThan(derived.long.length);

    const given = deriveExcerpts(paragraphs, { excerpt: 'Hand written.', long: 'Long one.' });
    expect(given).toEqual({ short: 'Hand written.', medium: 'Hand written.', long: 'Long one.' });
  });
});
