import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities, escapeHtml } from './html.js';

describe('decodeHtmlEntities', () => {
  it('reads the references exports write as the characters they stand for', () => {
    expect(
      decodeHtmlEntities('&#x201C;Quoted&#x201D; &amp; it&#8217;s Caf&eacute; &AElig;&thorn;'),
    ).toBe('“Quoted” & it’s Café Æþ');
  });

  it('leaves what is no reference as written, and undoes escapeHtml', () => {
    expect(decodeHtmlEntities('AT&T &bogus; &#xD800; 5 & 6')).toBe('AT&T &bogus; \uFFFD 5 & 6');
    const text = `<a href="x">'Tom' & "Jerry"</a>`;
    expect(decodeHtmlEntities(escapeHtml(text))).toBe(text);
  });
});
