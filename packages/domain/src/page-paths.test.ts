import { describe, expect, it } from 'vitest';
import { apiPath, API_ROUTES } from './contracts/endpoints.js';
import { PAGE_PATHS, pageAddress, pagePath } from './page-paths.js';
import { ITEM_BASE_PATHS, itemPath } from './permalinks.js';

describe('pagePath', () => {
  it('gives a page without parameters its pattern', () => {
    expect(pagePath('home')).toBe('/');
    expect(pagePath('allBooks')).toBe('/books-array');
  });

  it('fills and encodes :name segments as apiPath does', () => {
    expect(pagePath('post', { slug: 'a b/c?' })).toBe('/posts/a%20b%2Fc%3F');
    expect(apiPath(API_ROUTES.post, { id: 'a b/c?' })).toBe('/api/posts/a%20b%2Fc%3F');
    expect(pagePath('membersThread', { threadId: 7 })).toBe('/members/discussions/threads/7');
  });

  it('fills a splat segment by segment, and leaves it out when empty', () => {
    expect(pagePath('category', { '*': ['build', 'tools & tips'] })).toBe(
      '/category/build/tools%20%26%20tips',
    );
    expect(pagePath('category', { '*': 'a/b' })).toBe('/category/a%2Fb');
    expect(pagePath('category')).toBe('/category');
    expect(pagePath('nowArchive', { '*': '' })).toBe('/nowArchives');
  });

  it('refuses a missing parameter', () => {
    // @ts-expect-error the slug is required
    expect(() => pagePath('post', {})).toThrow('pagePath: missing :slug for /posts/:slug');
  });
});

describe('the catalogue', () => {
  it('names each pattern once', () => {
    const patterns = Object.values(PAGE_PATHS);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('is where permalinks come from', () => {
    expect(ITEM_BASE_PATHS).toEqual({ post: '/posts', journal: '/journal', poem: '/poetry' });
    expect(itemPath('journal', 'first warm day')).toBe('/journal/first%20warm%20day');
  });
});

/** A query string as URLSearchParams reads it: the first value of each name, decoded. */
const queryOf = (text: string) => ({
  get(name: string): string | null {
    const pair = text
      .split('&')
      .map((part) => part.split('=').map(decodeURIComponent))
      .find(([key]) => key === name);
    return pair ? (pair[1] ?? '') : null;
  },
});

describe('pageAddress', () => {
  it('keeps the query parameters a page reads and drops the rest', () => {
    const query = queryOf('utm_source=x&category=build&verify=token&email=a%40b.c');
    expect(pageAddress('/blog', query)).toBe('/blog?category=build');
    expect(pageAddress('/', query)).toBe('/');
    expect(pageAddress('/posts/hello', query)).toBe('/posts/hello');
  });

  it('gives one address however the parameters are spelled', () => {
    expect(pageAddress('/blog', queryOf('category=a&category=b'))).toBe('/blog?category=a');
    expect(pageAddress('/blog', queryOf('category=a%20b'))).toBe('/blog?category=a%20b');
  });
});
