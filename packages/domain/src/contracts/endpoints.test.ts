import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../roles.js';
import type { z } from 'zod';
import { API_SCHEMAS, type EndpointSchemas } from './endpoint-schemas.js';
import { API_ROUTES, apiPath, matchApiRoute, type ApiRouteName } from './endpoints.js';

const names = Object.keys(API_ROUTES) as ApiRouteName[];

describe('the endpoint catalogue', () => {
  it('names each method and path once', () => {
    const keys = names.map((name) => `${API_ROUTES[name].method} ${API_ROUTES[name].path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every guarded route a permission from the domain table', () => {
    for (const name of names) {
      const { permission } = API_ROUTES[name];
      if (permission !== null) expect(ALL_PERMISSIONS).toContain(permission);
    }
    for (const name of names.filter((n) => /^(admin|newsletter)/.test(n))) {
      expect(API_ROUTES[name].permission, name).not.toBeNull();
    }
  });

  it('has schemas under exactly the same names, with a params schema for each path parameter', () => {
    expect(Object.keys(API_SCHEMAS).sort()).toEqual([...names].sort());
    for (const name of names) {
      const keys = [...API_ROUTES[name].path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      const { params } = API_SCHEMAS[name] as EndpointSchemas;
      expect(Object.keys((params as z.ZodObject | undefined)?.shape ?? {}).sort(), name).toEqual(
        keys.sort(),
      );
    }
  });

  it('fills path parameters, encoded', () => {
    expect(apiPath(API_ROUTES.bookmarkAdd, { postId: 12 })).toBe('/api/members/bookmarks/12');
    expect(apiPath(API_ROUTES.threadGet, { threadId: 'a/b' })).toBe(
      '/api/discussions/threads/a%2Fb',
    );
    expect(apiPath(API_ROUTES.newsletterIssueSend, { issueId: 7 })).toBe(
      '/api/admin/newsletter/issues/7/send',
    );
    expect(() => apiPath(API_ROUTES.threadGet)).toThrow(/threadId/);
  });

  it('finds the entry a request is for, literal segments first', () => {
    expect(matchApiRoute('GET', '/api/now/archives')).toEqual({ name: 'nowArchives', params: {} });
    expect(matchApiRoute('GET', '/api/now/archives/2025-01')).toEqual({
      name: 'nowArchive',
      params: { slug: '2025-01' },
    });
    expect(matchApiRoute('DELETE', '/api/discussions/threads/a%2Fb')).toBeNull();
    expect(matchApiRoute('GET', '/api/discussions/threads/a%2Fb')).toEqual({
      name: 'threadGet',
      params: { threadId: 'a/b' },
    });
    expect(matchApiRoute('PUT', '/api/auth/accounts/primary')?.name).toBe('accountPrimary');
    expect(matchApiRoute('GET', '/api/nothing-here')).toBeNull();
  });
});
