/**
 * The HTTP client for the API. Every call names an endpoint of the domain's catalogue
 * (API_ROUTES), which gives its method and path; its parameters, query, body and answer are
 * typed from the catalogue's schemas, so no path or response shape is written here or in any
 * feature. It never throws, toasts or redirects: every call resolves to a typed result and the
 * caller decides what the user sees. Messages come from the domain's catalogue by error code, so
 * the web never inspects English text.
 */
import {
  API_ROUTES,
  SHELL_MESSAGES,
  apiPath,
  type ApiRouteName,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@quillpost/domain';

export type ApiSuccess<T> = { ok: true; status: number; data: T };
export type ApiFailure = { ok: false; status: number; code: string; message: string };
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** Anything with zod's `safeParse` shape; keeps zod itself out of this module. */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export type QueryValue = string | number | boolean | null | undefined;

/** A part of the request the endpoint's schemas ask for: required, optional or absent. */
type Part<Key extends string, T> = [T] extends [undefined]
  ? { [K in Key]?: undefined }
  : Record<never, never> extends T
    ? { [K in Key]?: T }
    : { [K in Key]: T };

type Target<Name extends ApiRouteName> = Part<'params', EndpointParams<Name>> &
  Part<'query', EndpointQuery<Name>>;

export type CallOptions<Name extends ApiRouteName> = Target<Name> &
  Part<'body', EndpointBody<Name>> & {
    /** Checks the JSON of a 2xx answer; a mismatch becomes an INVALID_RESPONSE failure. */
    schema?: ResponseSchema<EndpointResponse<Name>>;
    signal?: AbortSignal;
    /** `no-store` for calls that must never come from the HTTP cache (post lists). */
    cache?: RequestCache;
    headers?: Record<string, string>;
    /** A file sent as the body itself, in its own type (an image upload), instead of JSON. */
    file?: Blob;
  };

/** The options argument, optional when the endpoint needs nothing. */
type Args<Options> =
  Record<never, never> extends Options ? [options?: Options] : [options: Options];

export interface ApiClient {
  call<Name extends ApiRouteName>(
    name: Name,
    ...args: Args<CallOptions<Name>>
  ): Promise<ApiResult<EndpointResponse<Name>>>;
  /** The URL of an endpoint the browser navigates to (OAuth authorize, downloads). */
  url<Name extends ApiRouteName>(name: Name, ...args: Args<Target<Name>>): string;
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
    method: string,
    path: string,
    options: {
      body?: unknown;
      query?: Record<string, QueryValue>;
      schema?: ResponseSchema<T>;
      signal?: AbortSignal;
      cache?: RequestCache;
      headers?: Record<string, string>;
      file?: Blob;
    },
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const init: RequestInit = { method, headers, credentials: 'include' };
    if (options.file) {
      headers['Content-Type'] = options.file.type || 'application/octet-stream';
      init.body = options.file;
    } else if (options.body !== undefined) {
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

  const pathOf = (name: ApiRouteName, params: unknown) =>
    apiPath(API_ROUTES[name], (params ?? {}) as Record<string, string | number>);

  return {
    call: (name, ...[options]) => {
      const { params, query, ...rest } = (options ?? {}) as CallOptions<typeof name>;
      return request(API_ROUTES[name].method, pathOf(name, params), {
        ...rest,
        query: query as Record<string, QueryValue> | undefined,
      });
    },
    url: (name, ...[options]) => {
      const { params, query } = (options ?? {}) as Target<typeof name>;
      return buildUrl(baseUrl, pathOf(name, params), query as Record<string, QueryValue>);
    },
  };
}
