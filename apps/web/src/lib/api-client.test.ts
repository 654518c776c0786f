import { MESSAGES, sessionResponseSchema } from '@quillpost/domain';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('createApiClient', () => {
  it("sends credentials and JSON to the endpoint's same-origin path", async () => {
    const fetch = vi.fn(async () => jsonResponse({ success: true, message: 'ok' }));
    const api = createApiClient({ baseUrl: '', fetch });
    const result = await api.call('subscribe', { body: { email: 'a@b.co' } });
    expect(result).toEqual({ ok: true, status: 200, data: { success: true, message: 'ok' } });
    expect(fetch).toHaveBeenCalledWith('/api/auth/subscribe', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co' }),
    });
  });

  it('fills path parameters, adds query parameters and skips empty ones', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => jsonResponse([]));
    const api = createApiClient({ baseUrl: '', fetch });
    await api.call('posts', { query: { t: '5', refresh: 'true', category: undefined } });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/posts?t=5&refresh=true');
    await api.call('bookmarkAdd', { params: { postId: 'a/b' } });
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/members/bookmarks/a%2Fb');
    expect(fetch.mock.calls[1]?.[1]?.method).toBe('PUT');
    expect(api.url('oauthAuthorize', { query: { provider: 'github', return_url: '/x' } })).toBe(
      '/api/oauth/authorize?provider=github&return_url=%2Fx',
    );
  });

  it("turns a network failure into 'Network error occurred'", async () => {
    const api = createApiClient({
      baseUrl: '',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await api.call('session')).toEqual({
      ok: false,
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Network error occurred',
    });
  });

  it('shows the catalogue text for a known error code', async () => {
    const api = createApiClient({
      baseUrl: '',
      fetch: async () =>
        jsonResponse({ success: false, code: 'RATE_LIMITED', message: 'whatever' }, 429),
    });
    expect(await api.call('subscribe', { body: { email: '' } })).toEqual({
      ok: false,
      status: 429,
      code: 'RATE_LIMITED',
      message: MESSAGES.RATE_LIMITED,
    });
  });

  it("falls back to the server's message for an unknown code, else 'Request failed'", async () => {
    const unknown = createApiClient({
      baseUrl: '',
      fetch: async () =>
        jsonResponse({ success: false, code: 'NEW_CODE', message: 'New text' }, 400),
    });
    expect(await unknown.call('session')).toMatchObject({
      ok: false,
      code: 'NEW_CODE',
      message: 'New text',
    });
    const html = createApiClient({
      baseUrl: '',
      fetch: async () => new Response('<h1>Bad gateway</h1>', { status: 502 }),
    });
    expect(await html.call('session')).toEqual({
      ok: false,
      status: 502,
      code: 'REQUEST_FAILED',
      message: 'Request failed',
    });
  });

  it("treats a non-JSON 2xx answer as success with the text 'Success'", async () => {
    const api = createApiClient({
      baseUrl: '',
      fetch: async () => new Response(null, { status: 204 }),
    });
    expect(await api.call('logout')).toEqual({
      ok: true,
      status: 204,
      data: { success: true, message: 'Success' },
    });
  });

  it('validates the body with a schema when given one', async () => {
    const schema = sessionResponseSchema;
    const answer = { success: true, authenticated: false, session: null };
    const good = createApiClient({ baseUrl: '', fetch: async () => jsonResponse(answer) });
    expect(await good.call('session', { schema })).toEqual({ ok: true, status: 200, data: answer });
    const bad = createApiClient({ baseUrl: '', fetch: async () => jsonResponse({ nope: 1 }) });
    expect(await bad.call('session', { schema })).toMatchObject({
      ok: false,
      code: 'INVALID_RESPONSE',
    });
  });

  it('uses the base URL when one is configured', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => jsonResponse({}));
    await createApiClient({ baseUrl: 'https://api.example.com/', fetch }).call('health');
    expect(fetch.mock.calls[0]?.[0]).toBe('https://api.example.com/api/health');
  });
});
