import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, safeReturnPath } from './return-url.js';

describe('safeReturnPath keeps same-origin paths', () => {
  it.each([
    '/',
    '/members/dashboard',
    '/posts/hello-world?ref=mail#top',
    '/search?q=a%20b',
    '/search?next=%2F%2Fnot-a-redirect', // encoded slashes inside the query are harmless
    '/path\u00e9/caf%C3%A9',
  ])('%j', (input) => {
    expect(safeReturnPath(input)).toBe(input);
    expect(isSafeReturnPath(input)).toBe(true);
  });
});

describe('safeReturnPath rejects everything else with /', () => {
  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/members'],
    ['backslash after slash', '/\\evil'],
    ['backslash later in the path', '/members\\..\\evil'],
    ['absolute https', 'https://x'],
    ['absolute http', 'http://evil.example/'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['upper-case scheme', 'JAVASCRIPT:alert(1)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['relative path', 'members/dashboard'],
    ['encoded double slash', '%2F%2Fevil'],
    ['encoded double slash after slash', '/%2Fevil.example'],
    ['double-encoded double slash', '%252F%252Fevil'],
    ['double-encoded after slash', '/%252Fevil.example'],
    ['triple-encoded', '/%25252Fevil.example'],
    ['encoded backslash', '/%5Cevil'],
    ['lower-case encoded backslash', '/%5cevil'],
    ['double-encoded backslash', '/%255Cevil'],
    ['tab makes it protocol-relative', '/\t/evil.example'],
    ['newline', '/\n/evil.example'],
    ['encoded newline', '/%0A/evil.example'],
    ['NUL', '/\u0000evil'],
    ['leading space', ' //evil.example'],
    ['malformed escape', '/%E0%A4%A'],
    ['empty string', ''],
    ['too long', `/${'a'.repeat(2048)}`],
  ])('%s: %j', (_label, input) => {
    expect(safeReturnPath(input)).toBe('/');
    expect(isSafeReturnPath(input)).toBe(false);
  });

  it.each([undefined, null, 42, ['/members'], { path: '/x' }])('non-string %j', (input) => {
    expect(safeReturnPath(input)).toBe('/');
  });
});
