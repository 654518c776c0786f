/**
 * The HTTP client for the API. It never throws, toasts or redirects: every call resolves to a
 * typed result and the caller decides what the user sees. Messages come from the domain's
 * catalogue by error code, so the web never inspects English text.
 */
import { SHELL_MESSAGES } from '@quillpost/domain';

export type ApiSuccess<T> = { ok: true; status: number; data: T };
export type ApiFailure = { ok: false; status: number; code: string; message: string };
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** Anything with zod's `safeParse` shape; keeps zod itself out of this module. */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Validates the JSON body of a 2xx answer; a mismatch becomes an INVALID_RESPONSE failure. */
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
  /** `no-store` for calls that must never come from the HTTP cache (post lists). */
  cache?: RequestCache;
  headers?: Record<string, string>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClient {
  request<T = unknown>(
    method: HttpMethod,
    path: string,
    options?: RequestOptions<T>,
  ): Promise<ApiResult<T>>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>): Promise<ApiResult<T>>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    options?: RequestOptions<T>,
  ): Promise<ApiResult<T>>;
  put<T = unknown>(
    path: string,
    body?: unknown,
    options?: RequestOptions<T>,
  ): Promise<ApiResult<T>>;
  delete<T = unknown>(
    path: string,
    body?: unknown,
    options?: RequestOptions<T>,
  ): Promise<ApiResult<T>>;
  /** The absolute or same-origin URL for a browser navigation (OAuth authorize, feeds). */
  url(path: string, query?: Record<string, QueryValue>): string;
}

export interface ApiClientOptions {
  /** '' for same-origin; from `apiBaseFor(detectEnvironment(...))` in the app. */
  baseUrl: string;
  fetch?: typeof fetch;
}

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
export const INVALID_RESPONSE_CODE = 'INVALID_RESPONSE';
export const REQUEST_FAILED_CODE = 'REQUEST_FAILED';

function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  let url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
    const search = params.toString();
    if (search) url += `${url.includes('?') ? '&' : '?'}${search}`;
  }
  return url;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The catalogue text for an error code, or null for a code it does not know. The catalogue is
 * ~3 kB gzip that no page needs until a call fails, so it loads then, as its own chunk.
 */
async function catalogueMessage(code: string): Promise<string | null> {
  try {
    const { MESSAGES, isMessageCode } = await import('./message-catalogue');
    return isMessageCode(code) ? MESSAGES[code] : null;
  } catch {
    // The chunk did not load (the site went offline meanwhile): the server's text stands in.
    return null;
  }
}

async function failureFromBody(status: number, body: unknown): Promise<ApiFailure> {
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : REQUEST_FAILED_CODE;
  const serverMessage = isRecord(body) && typeof body.message === 'string' ? body.message : '';
  // Known codes show the catalogue text; a code from a newer API falls back to its own message.
  const message =
    (await catalogueMessage(code)) ?? (serverMessage || SHELL_MESSAGES.REQUEST_FAILED);
  return { ok: false, status, code, message };
}

async function readJson(
  response: Response,
): Promise<{ json: true; value: unknown } | { json: false }> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return { json: false };
  try {
    return { json: true, value: await response.json() };
  } catch {
    return { json: false };
  }
}

export function createApiClient({ baseUrl, fetch: fetchImpl }: ApiClientOptions): ApiClient {
  const doFetch =
    fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request<T>(
    method: HttpMethod,
    path: string,
    options: RequestOptions<T> = {},
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const init: RequestInit = { method, headers, credentials: 'include' };
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
    if (options.signal) init.signal = options.signal;
    if (options.cache) init.cache = options.cache;

    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, path, options.query), init);
    } catch {
      return {
        ok: false,
        status: 0,
        code: NETWORK_ERROR_CODE,
        message: SHELL_MESSAGES.NETWORK_ERROR,
      };
    }

    const body = await readJson(response);
    if (!response.ok) {
      return failureFromBody(response.status, body.json ? body.value : undefined);
    }
    if (!body.json) {
      // Spec section 8: a non-JSON answer succeeds with the HTTP status and the text 'Success'.
      const data = { success: true, message: SHELL_MESSAGES.RESPONSE_SUCCESS } as unknown;
      if (!options.schema) return { ok: true, status: response.status, data: data as T };
      const parsed = options.schema.safeParse(data);
      return parsed.success
        ? { ok: true, status: response.status, data: parsed.data }
        : {
            ok: false,
            status: response.status,
            code: INVALID_RESPONSE_CODE,
            message: SHELL_MESSAGES.REQUEST_FAILED,
          };
    }
    if (isRecord(body.value) && body.value.success === false) {
      return failureFromBody(response.status, body.value);
    }
    if (!options.schema) return { ok: true, status: response.status, data: body.value as T };
    const parsed = options.schema.safeParse(body.value);
    if (!parsed.success) {
      return {
        ok: false,
        status: response.status,
        code: INVALID_RESPONSE_CODE,
        message: SHELL_MESSAGES.REQUEST_FAILED,
      };
    }
    return { ok: true, status: response.status, data: parsed.data };
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, body, options) => request('DELETE', path, { ...options, body }),
    url: (path, query) => buildUrl(baseUrl, path, query),
  };
}
