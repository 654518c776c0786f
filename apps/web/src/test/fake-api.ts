/**
 * A fake fetch for component tests: routes 'METHOD /path' to canned JSON answers and records
 * every call. Used with the real createApiClient, so response handling is exercised too. Every
 * request and every 2xx answer is checked against the domain's endpoint catalogue: a call to
 * an endpoint it does not list, a body or query its schemas refuse, or a canned answer that is
 * not what the API would send is a contract violation, and test/setup.ts fails the test.
 */
import { API_SCHEMAS, matchApiRoute, type EndpointSchemas, type Site } from '@quillpost/domain';
import { vi } from 'vitest';
import { createApiClient, type ApiClient } from '../lib/api-client';

const violations: string[] = [];

/** The contract violations since the last call, emptied (test/setup.ts asserts none). */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

const describe = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');

function checkRequest(call: FakeCall): EndpointSchemas | null {
  const match = matchApiRoute(call.method, call.path);
  if (!match) {
    violations.push(`${call.method} ${call.path}: no endpoint in the catalogue`);
    return null;
  }
  const schemas: EndpointSchemas = API_SCHEMAS[match.name];
  const parts = {
    params: match.params,
    query: Object.fromEntries(call.query),
    body: call.body,
  } as const;
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = schemas[part];
    const value = parts[part];
    if (!schema) {
      if (part === 'body' && value !== undefined && Object.keys(value as object).length) {
        violations.push(`${call.method} ${call.path}: sends a body ${match.name} does not take`);
      }
      continue;
    }
    const parsed = schema.safeParse(value ?? {});
    if (!parsed.success) {
      violations.push(`${call.method} ${call.path}: ${part} ${describe(parsed.error)}`);
    }
  }
  return schemas;
}

function checkAnswer(
  call: FakeCall,
  schemas: EndpointSchemas | null,
  status: number,
  body: unknown,
) {
  if (!schemas?.response || status < 200 || status >= 300) return;
  const parsed = schemas.response.safeParse(body);
  if (!parsed.success) {
    violations.push(`${call.method} ${call.path}: answer ${describe(parsed.error)}`);
  }
}

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
  cache?: RequestCache;
}

export type FakeAnswer = { status?: number; body?: unknown } | 'network-error';
export type FakeRoute = FakeAnswer | ((call: FakeCall) => FakeAnswer | Promise<FakeAnswer>);

/** GET /api/site as a site with all four profiles set answers it. */
export const SITE: Site = {
  analytics: true,
  fediverseAccount: '@rowanellis@rowan.example',
  sections: { build: true, learn: true, write: true, now: true, start: true },
  title: 'Rowan Ellis',
  tagline: 'Notes on building, learning and writing',
  description: 'Rowan Ellis writes about building software, learning in public and writing.',
  language: 'en-GB',
  timezone: 'UTC',
  accent: '#8c3a1f',
  owner: { name: 'Rowan Ellis', bio: '', avatarUrl: null, email: null },
  intro: '<h1>Hello, I’m Rowan.</h1><p>I build small tools, learn in public and write.</p>',
  newsletterName: 'Rowan Ellis',
  hubs: {
    build: {
      eyebrow: 'Software, projects and tools',
      intro: 'Notes from the workbench: the small tools I make for myself.',
      summary: 'Build logs, small tools and the projects behind this site.',
    },
    learn: {
      eyebrow: 'Reading and learning in public',
      intro: 'What I am studying and reading.',
      summary: 'Notes from learning in public, and the books on my desk.',
    },
    write: {
      eyebrow: 'Essays, journal and poetry',
      intro: 'Essays on the craft of writing, a journal of ordinary days, and the occasional poem.',
      summary: 'Essays on craft, a journal of ordinary days and some poems.',
    },
  },
  subscribe: {
    title: 'Letters from the desk',
    text: 'A short letter, roughly once a month.',
    afterPostTitle: 'Enjoyed this?',
    afterPostText: 'New essays and notes arrive by email about once a month.',
    dialog: 'Essays on building, learning and writing — a letter every few weeks, never more.',
  },
  socialProfiles: [
    { network: 'x', label: 'X (Twitter)', url: 'https://x.com/rowan' },
    { network: 'github', label: 'GitHub', url: 'https://github.com/rowan' },
    { network: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/in/rowan' },
    { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/rowan' },
  ],
};

export const SIGNED_OUT: Record<string, FakeRoute> = {
  'GET /api/site': { body: SITE },
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

export function createFakeApi(
  routes: Record<string, FakeRoute>,
  { onCall }: { onCall?: (call: FakeCall) => void } = {},
): {
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
      cache: init?.cache,
    };
    calls.push(call);
    onCall?.(call);
    const schemas = checkRequest(call);
    const route = table[`${call.method} ${call.path}`];
    const answer = typeof route === 'function' ? await route(call) : route;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (!answer) {
      return new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', message: 'x' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const status = answer.status ?? 200;
    const body = answer.body ?? { success: true };
    checkAnswer(call, schemas, status, body);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { api: createApiClient({ baseUrl: '', fetch }), calls, routes: table };
}
