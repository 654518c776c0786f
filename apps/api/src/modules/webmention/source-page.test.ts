/**
 * Reading a page as the Webmention recommendation does: links matched exactly after resolving,
 * the endpoint found in the Link header before the HTML (first in document order there), and
 * who wrote a reply and what it says, from its microformats or, without them, its host and title.
 */
import { describe, expect, it } from 'vitest';
import { endpointOf, mentionOf, pageLinksTo } from './source-page.js';

const SOURCE = new URL('https://their.example/2026/reply');
const TARGET = 'https://rowan.example/posts/small-tools';

describe('a source page', () => {
  it('links to the target by any link, resolved, and only by the exact address', () => {
    const html = (body: string) => `<html><body>${body}</body></html>`;
    const links = (body: string) => pageLinksTo(html(body), 'text/html', SOURCE, TARGET);
    expect(links(`<a href="${TARGET}">post</a>`)).toBe(true);
    expect(links(`<IMG SRC="${TARGET}">`)).toBe(true);
    expect(links(`<blockquote cite="${TARGET}">…</blockquote>`)).toBe(true);
    expect(links(`<a href="${TARGET}/">post</a>`)).toBe(false);
    expect(links(`<a href="${TARGET}-2">post</a>`)).toBe(false);
    expect(links(`<p>${TARGET}</p>`)).toBe(false);
    expect(links('<a href="/posts/small-tools">a link on their own site</a>')).toBe(false);
    expect(
      pageLinksTo('<a href="/posts/small-tools">x</a>', 'text/html', new URL(TARGET), TARGET),
    ).toBe(true);
    expect(pageLinksTo(`See ${TARGET} for more.`, 'text/plain', SOURCE, TARGET)).toBe(true);
  });

  it('names its endpoint in its Link header first, then its first <link> or <a>', () => {
    const page = (link: string, body: string, contentType = 'text/html') => ({
      url: new URL('https://their.example/notes/tools?x=1'),
      link,
      contentType,
      body,
    });
    expect(
      endpointOf(
        page(
          '<https://webmention.io/their>; rel="webmention"',
          '<link rel="webmention" href="/no">',
        ),
      ),
    ).toBe('https://webmention.io/their');
    expect(endpointOf(page('</a>; rel=me, <../hook?v=2>; rel="other webmention"', ''))).toBe(
      'https://their.example/hook?v=2',
    );
    expect(
      endpointOf(
        page(
          '',
          '<a href="/first" rel="nofollow webmention">x</a><link rel="webmention" href="/second">',
        ),
      ),
    ).toBe('https://their.example/first');
    expect(endpointOf(page('', '<link rel="webmention" href="">'))).toBe(
      'https://their.example/notes/tools?x=1',
    );
    expect(endpointOf(page('', '<a rel="webmention">no href</a>'))).toBeNull();
    expect(endpointOf(page('', '<link rel="webmention" href="/x">', 'text/plain'))).toBeNull();
  });

  it('says who wrote it and what it says: its h-entry, else its host and title', () => {
    expect(
      mentionOf(
        `<title>Their page</title><div class="h-entry">
          <div class="p-author h-card"><img class="u-photo" src="/me.jpg">
            <a class="p-name u-url" href="/">Ada Lovelace</a></div>
          <div class="e-content"><p>Good <em>point</em>.</p></div>
          <div class="h-cite"><p class="e-content">Quoted, not theirs.</p></div>
        </div>`,
        'text/html',
        SOURCE,
      ),
    ).toEqual({
      author: {
        name: 'Ada Lovelace',
        url: 'https://their.example/',
        avatarSource: 'https://their.example/me.jpg',
      },
      html: '<p>Good <em>point</em>.</p>',
    });
    expect(mentionOf('<title>A page & more</title><p>words</p>', 'text/html', SOURCE)).toEqual({
      author: { name: 'their.example', url: 'https://their.example', avatarSource: null },
      html: 'A page &amp; more',
    });
  });
});
