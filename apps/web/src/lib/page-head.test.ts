import { describe, expect, it } from 'vitest';
import { readRouteData, routeDataScript } from '../app/route-data';
import { renderHead, scriptSafeJson } from './page-head';

const HEAD_SITE = {
  publicUrl: 'https://rowan.example',
  site: { title: 'Rowan Ellis', language: 'en-GB' },
};

const HOSTILE = 'Quotes " and \' & </script><script>window.pwned = 1</script><!--';

function parseHead(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><head>${html}</head>`, 'text/html');
}

describe('renderHead', () => {
  it('writes every tag a crawler and a link preview read, with absolute URLs', () => {
    const head = parseHead(
      renderHead(
        {
          title: 'A post',
          description: 'What it is about.',
          path: '/posts/a-post',
          type: 'article',
          card: '/og/post/a-post.png',
          article: {
            publishedTime: '2026-01-11T00:00:00.000Z',
            modifiedTime: null,
            tags: ['sql', 'notes'],
          },
          jsonLd: [{ '@type': 'BlogPosting', headline: 'A post' }],
          feeds: [{ type: 'rss', title: 'Journal', href: '/journal/rss.xml' }],
        },
        HEAD_SITE,
      ),
    );
    const meta = (key: string) =>
      head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');
    expect(head.title).toBe('A post · Rowan Ellis');
    expect(meta('description')).toBe('What it is about.');
    expect(head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(
      'https://rowan.example/posts/a-post',
    );
    // Where other sites send Webmentions (issue 38): the API answers there, and in a Link header.
    expect(head.querySelector('link[rel=webmention]')?.getAttribute('href')).toBe(
      'https://rowan.example/webmention',
    );
    expect(meta('og:type')).toBe('article');
    expect(meta('og:url')).toBe('https://rowan.example/posts/a-post');
    expect(meta('og:image')).toBe('https://rowan.example/og/post/a-post.png');
    expect(meta('og:image:width')).toBe('1200');
    expect(meta('og:image:alt')).toBe('A post');
    expect(meta('article:published_time')).toBe('2026-01-11T00:00:00.000Z');
    expect(meta('article:modified_time')).toBeUndefined();
    expect(
      [...head.querySelectorAll('meta[property="article:tag"]')].map((tag) =>
        tag.getAttribute('content'),
      ),
    ).toEqual(['sql', 'notes']);
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(
      [...head.querySelectorAll('link[rel=alternate]')].map((link) => link.getAttribute('href')),
    ).toEqual(['/rss.xml', '/atom.xml', '/feed.json', '/journal/rss.xml']);
    const ld = JSON.parse(head.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'A post',
    });
    expect(meta('robots')).toBeUndefined();
  });

  it('falls back to the site card for pages without a card of their own', () => {
    const head = parseHead(renderHead({ description: 'd', path: '/' }, HEAD_SITE));
    expect(head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      'https://rowan.example/og-default.png',
    );
  });

  it('keeps hostile text as text, in attributes, the title and JSON-LD alike', () => {
    const html = renderHead(
      {
        title: HOSTILE,
        description: HOSTILE,
        path: '/posts/x',
        jsonLd: [{ headline: HOSTILE }],
        noindex: true,
      },
      HEAD_SITE,
    );
    expect(html).not.toContain('</script><script>');
    expect(html).not.toContain('<!--');
    const head = parseHead(html);
    expect(head.title).toBe(`${HOSTILE} · Rowan Ellis`);
    expect(head.querySelector('meta[name=description]')?.getAttribute('content')).toBe(HOSTILE);
    expect(head.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
    const scripts = head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0]!.textContent!).headline).toBe(HOSTILE);
  });
});

describe('route data', () => {
  it('survives any text on its way from the server to hydration', () => {
    const state = {
      loaderData: { post: { title: HOSTILE, line: 'a\u2028b' } },
      errors: null,
    };
    const script = routeDataScript(state);
    expect(scriptSafeJson(HOSTILE)).not.toMatch(/[<>]/);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    document.body.innerHTML = script;
    expect(readRouteData(document)).toEqual(state);
  });

  it('carries a 404 across as a route error response', () => {
    document.body.innerHTML = routeDataScript({
      loaderData: {},
      errors: {
        '/posts/:slug': {
          status: 404,
          statusText: 'Not Found',
          data: { code: 'NOT_FOUND' },
          internal: false,
        },
      },
    });
    const error = readRouteData(document)?.errors?.['/posts/:slug'] as {
      status: number;
      data: unknown;
    };
    expect(error.status).toBe(404);
    expect(error.data).toEqual({ code: 'NOT_FOUND' });
  });
});
