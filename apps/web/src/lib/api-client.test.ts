import { MESSAGES } from '@quillpost/domain';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('createApiClient', () => {
  it('sends credentials and JSON to same-origin paths', async () => {
    const fetch = vi.fn(async () => jsonResponse({ success: true, message: 'ok' }));
    const api = createApiClient({ baseUrl: '', fetch });
    const result = await api.post('/api/auth/subscribe', { email: 'a@b.co' });
    expect(result).toEqual({ ok: true, status: 200, data: { success: true, message: 'ok' } });
    expect(fetch).toHaveBeenCalledWith('/api/auth/subscribe', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co' }),
    });
  });

  it('adds query parameters and skips empty ones', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => jsonResponse([]));
    const api = createApiClient({ baseUrl: '', fetch });
    await api.get('/api/posts', { query: { t: 5, refresh: true, category: undefined } });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/posts?t=5&refresh=true');
    expect(api.url('/api/oauth/authorize', { provider: 'github', return_url: '/x' })).toBe(
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
    expect(await api.get('/api/auth/session')).toEqual({
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
    expect(await api.post('/api/auth/subscribe', {})).toEqual({
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
    expect(await unknown.get('/x')).toMatchObject({
      ok: false,
      code: 'NEW_CODE',
      message: 'New text',
    });
    const html = createApiClient({
      baseUrl: '',
      fetch: async () => new Response('<h1>Bad gateway</h1>', { status: 502 }),
    });
    expect(await html.get('/x')).toEqual({
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
    expect(await api.post('/api/auth/logout')).toEqual({
      ok: true,
      status: 204,
      data: { success: true, message: 'Success' },
    });
  });

  it('validates the body with a schema when given one', async () => {
    const schema = {
      safeParse: (value: unknown) =>
        typeof value === 'object' && value !== null && 'id' in value
          ? { success: true as const, data: value as { id: number } }
          : { success: false as const },
    };
    const good = createApiClient({ baseUrl: '', fetch: async () => jsonResponse({ id: 1 }) });
    expect(await good.get('/x', { schema })).toEqual({ ok: true, status: 200, data: { id: 1 } });
    const bad = createApiClient({ baseUrl: '', fetch: async () => jsonResponse({ nope: 1 }) });
    expect(await bad.get('/x', { schema })).toMatchObject({ ok: false, code: 'INVALID_RESPONSE' });
  });

  it('uses the base URL when one is configured', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => jsonResponse({}));
    await createApiClient({ baseUrl: 'https://api.example.com/', fetch }).get('/api/health');
    expect(fetch.mock.calls[0]?.[0]).toBe('https://api.example.com/api/health');
  });
});
