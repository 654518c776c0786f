import { accentPalette, BRAND_LIGHT } from '@quillpost/domain';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.js';
import { renderMarkdown } from '../content/markdown.js';
import {
  addressOf,
  emailBodyHtml,
  fromDomain,
  htmlToText,
  newsletterMessage,
  newsletterMessageId,
  renderIssue,
} from './compose.js';

const env = loadEnv({
  NODE_ENV: 'test',
  MAIL_FROM: 'Rowan Ellis <news@example.com>',
  PUBLIC_URL: 'https://example.com',
  WEB_ORIGIN: 'https://example.com',
});

const POST_HTML = [
  '<h2 id="why">Why <a class="heading-anchor" aria-hidden="true" href="#why">#</a></h2>',
  '<p>Read <a href="/start">the start page</a> &amp; <a href="https://other.example/x">this</a>.</p>',
  '<ul><li>one</li><li>two &lt;three&gt;</li></ul>',
  '<pre class="hljs"><code class="hljs language-bash">echo  "a"\n  indented\n</code></pre>',
  '<p><img src="/content/images/x.png" alt="A diagram"> It&#8217;s fine.</p>',
].join('\n');

describe('the newsletter mail', () => {
  it('turns the post into a plain-text part with its links written out and its code kept', () => {
    expect(htmlToText(POST_HTML)).toBe(
      [
        'Why',
        '',
        'Read the start page (/start) & this (https://other.example/x).',
        '',
        '- one',
        '- two <three>',
        '',
        'echo  "a"\n  indented',
        '',
        '[A diagram] It’s fine.',
      ].join('\n'),
    );
  });

  it('keeps tables (with their alignment) and footnotes readable in mail, in the site’s accent', () => {
    const { html: post } = renderMarkdown(
      '| Tide | Height |\n|:--|--:|\n| High | 4.8 m |\n\nWords.[^1]\n\n[^1]: A note.',
    );
    const html = emailBodyHtml(post, {
      base: 'https://example.com',
      pageUrl: 'https://example.com/posts/p',
      accent: '#0f766e',
    });
    expect(html).toMatch(/<table style="border-collapse:collapse;[^"]*">/);
    expect(html).toMatch(/<td style="padding:6px 10px;[^"]*text-align:right">4.8 m<\/td>/);
    expect(html).not.toMatch(/style="[^"]*" style=/);
    expect(html).toContain('href="https://example.com/posts/p#fn1"');
    expect(html).toMatch(/<section style="[^"]*border-top:1px solid/);
    expect(html).toContain(`color:${accentPalette('#0f766e').light.accent};`);
  });

  it('makes links absolute, drops heading anchors and styles elements inline for mail clients', () => {
    const html = emailBodyHtml(POST_HTML, {
      base: 'https://example.com',
      pageUrl: 'https://example.com/posts/p',
      accent: BRAND_LIGHT.accent,
    });
    expect(html).not.toContain('heading-anchor');
    expect(html).toContain('href="https://example.com/start"');
    expect(html).toContain('src="https://example.com/content/images/x.png"');
    expect(html).toMatch(/<p style="margin:0 0 16px;[^"]*">Read/);
    expect(html).toMatch(/<img style="max-width:100%;[^"]*" src=/);
    expect(html).toMatch(/<pre style="[^"]*" class="hljs">/);
  });

  it('puts each recipient’s own links in, escaped in HTML and raw in text, with a stable Message-ID', () => {
    const issue = {
      id: 4,
      ...renderIssue(
        env,
        {
          title: 'Tiny tools',
          html: POST_HTML,
          excerpt: 'About tools.',
          section: 'build',
          pageUrl: 'https://example.com/posts/tiny-tools',
          date: '2025-06-01T00:00:00.000Z',
          site: {
            title: 'Ada Palmer',
            language: 'en-GB',
            accent: BRAND_LIGHT.accent,
            timezone: 'Europe/London',
          },
        },
        'Tiny tools',
      ),
    };
    const recipient = { subscriberId: 12, email: 'ada@example.org', linkKey: 'key' };
    const message = newsletterMessage(env, issue, recipient);
    expect(message.subject).toBe('Tiny tools');
    expect(message.html).toContain(
      'href="https://example.com/manage?email=ada%40example.org&amp;manage=c.',
    );
    expect(message.text).toContain(
      'Manage your subscription: https://example.com/manage?email=ada%40example.org&manage=c.',
    );
    expect(message.text).toContain('Read it on the site: https://example.com/posts/tiny-tools');
    expect(message.text).toContain(
      'You are receiving this because you subscribed to Ada Palmer and get its Build section.',
    );
    const unsubscribe = /Unsubscribe: (\S+)/.exec(message.text)![1]!;
    expect(message.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>, <mailto:news@example.com?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': '<newsletter.example.com>',
    });
    expect(message.messageId).toBe(newsletterMessageId(env.SESSION_SECRET, 'example.com', 4, 12));
    expect(message.messageId).toMatch(/^<[A-Za-z0-9]{24}\.4@example\.com>$/);
    expect(newsletterMessage(env, issue, recipient).messageId).toBe(message.messageId);
    expect(newsletterMessage(env, issue, { ...recipient, subscriberId: 13 }).messageId).not.toBe(
      message.messageId,
    );
  });

  it('reads the address and domain of a From line', () => {
    expect(addressOf('Rowan Ellis <news@example.com>')).toBe('news@example.com');
    expect(addressOf('news@example.com')).toBe('news@example.com');
    expect(fromDomain('Rowan Ellis <news@example.com>')).toBe('example.com');
  });
});
