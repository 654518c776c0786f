/**
 * A fake fetch for component tests: routes 'METHOD /path' to canned JSON answers and records
 * every call. Used with the real createApiClient, so response handling is exercised too.
 */
import { vi } from 'vitest';
import { createApiClient, type ApiClient } from '../lib/api-client';

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export type FakeAnswer = { status?: number; body?: unknown } | 'network-error';
export type FakeRoute = FakeAnswer | ((call: FakeCall) => FakeAnswer | Promise<FakeAnswer>);

export const SIGNED_OUT: Record<string, FakeRoute> = {
  'GET /api/auth/session': { body: { success: true, authenticated: false, session: null } },
  'GET /api/oauth/providers': {
    body: {
      success: true,
      providers: ['google', 'github', 'discord', 'facebook'].map((provider) => ({
        provider,
        available: true,
      })),
    },
  },
};

export function signedIn(
  user: Partial<{
    email: string;
    name: string | null;
    role: string;
    subscription_status: string | null;
  }> = {},
  subscription: unknown = null,
): Record<string, FakeRoute> {
  const session = {
    level: 'member',
    createdAt: '2025-01-01T00:00:00.000Z',
    expiresAt: '2025-02-01T00:00:00.000Z',
  };
  return {
    ...SIGNED_OUT,
    'GET /api/auth/session': { body: { success: true, authenticated: true, session } },
    'GET /api/auth/me': {
      body: {
        success: true,
        user: {
          email: 'ada@example.com',
          name: 'Ada Lovelace',
          role: 'member',
          avatar_url: null,
          subscription_status: subscription ? 'active' : null,
          ...user,
        },
        session,
        subscription,
        primaryAccount: null,
        linkedAccounts: [],
      },
    },
  };
}

export function createFakeApi(routes: Record<string, FakeRoute>): {
  api: ApiClient;
  calls: FakeCall[];
  routes: Record<string, FakeRoute>;
} {
  const calls: FakeCall[] = [];
  const table = { ...routes };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const route = table[`${call.method} ${call.path}`];
    const answer = typeof route === 'function' ? await route(call) : route;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (!answer) {
      return new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', message: 'x' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return new Response(JSON.stringify(answer.body ?? { success: true }), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { api: createApiClient({ baseUrl: '', fetch }), calls, routes: table };
}
