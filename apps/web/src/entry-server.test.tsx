/**
 * The server renderer as the API process runs it, over a reader that answers as the API would:
 * whether a page carries the beacon's marker (`data-analytics`, which the page-view script checks
 * before sending anything) follows /api/site's `analytics`, which is ANALYTICS=on|off.
 */
import { contentReaderOver, type ContentCall } from '@quillpost/domain';
import { describe, expect, it } from 'vitest';
import { createPageRenderer } from './entry-server';
import { SITE } from './test/fake-api';
import template from '../index.html?raw';

function rendererFor(analytics: boolean, content = '<p>Be kind.</p>') {
  const call: ContentCall = (name) =>
    Promise.resolve(
      name === 'site'
        ? { ok: true, data: { ...SITE, analytics } }
        : name === 'page'
          ? {
              ok: true,
              data: {
                slug: 'tos',
                title: 'Terms of service',
                description: null,
                content,
                updated_at: null,
                links: [],
              },
            }
          : { ok: false, status: 404, code: 'NOT_FOUND', message: 'Not found' },
    );
  return createPageRenderer({
    reader: contentReaderOver(call),
    publicUrl: 'https://rowan.example',
    template,
  });
}

describe('server-rendered pages', () => {
  it('carry no beacon marker when analytics is off, and carry it when it is on', async () => {
    const off = await rendererFor(false).render('/tos');
    expect(off).toMatchObject({ kind: 'page', status: 200 });
    const offHtml = off.kind === 'page' ? off.html : '';
    expect(offHtml).toContain('Be kind.');
    expect(offHtml).toContain('<html lang="en-GB">');
    expect(offHtml).not.toContain('data-analytics');

    const on = await rendererFor(true).render('/tos');
    expect(on.kind === 'page' ? on.html : '').toContain('<html lang="en-GB" data-analytics="on">');
  });

  it('is a reading page: no inline script, the islands’ data, no router data', async () => {
    const page = await rendererFor(true).render('/tos');
    const html = page.kind === 'page' ? page.html : '';
    const inline = [
      ...html.matchAll(/<script(?![^>]*(?:type="application\/[\w+]*json"|src=))[^>]*>/g),
    ];
    expect(inline).toEqual([]);
    expect(html).toContain('<script type="application/json" id="island-data">');
    expect(html).not.toContain('id="route-data"');
  });

  it('renders a long page in one piece, with no script to put it together', async () => {
    const long = `<p>${'A sentence long enough to matter. '.repeat(4000)}</p>`;
    const page = await rendererFor(false, long).render('/tos');
    const html = page.kind === 'page' ? page.html : '';
    expect(html).toContain(long);
    expect(html).not.toContain('page-loading');
    expect(html).not.toMatch(/\$R[BCTV]/);
  });
});
