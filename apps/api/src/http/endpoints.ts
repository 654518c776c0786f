/**
 * Mounts endpoints from the domain's catalogue (API_ROUTES and API_SCHEMAS): each gets, in
 * order, its permission check (auth's requirePermission: 401 signed out, 403 lacking it), its
 * per-client rate limit, and its params, query and body parsed with its schemas (400 with the
 * spec's message otherwise), so a handler starts from typed input and never re-reads the raw
 * request.
 */
import {
  API_ROUTES,
  API_SCHEMAS,
  type ApiRouteName,
  type EndpointInput,
  type EndpointSchemas,
  type Permission,
  type RateLimitClass,
} from '@quillpost/domain';
import type { Request, RequestHandler, Response, Router } from 'express';
import { validate } from './validate.js';

export type EndpointHandler<Name extends ApiRouteName> = (
  req: Request,
  res: Response,
  input: EndpointInput<Name>,
) => unknown;

export interface MountOptions {
  /** Runs before the input is parsed (a guard that must see every attempt). */
  before?: RequestHandler;
  /** Hears a request whose input its schemas refused, before the 400 goes out. */
  onInvalid?: (req: Request) => void;
}

export type MountEndpoint = <Name extends ApiRouteName>(
  name: Name,
  handler: EndpointHandler<Name>,
  options?: MountOptions,
) => void;

export interface EndpointMounterOptions {
  /** Auth's check, for routers with guarded endpoints; mounting one without it throws. */
  requirePermission?: (permission: Permission) => RequestHandler;
  /** The limiter of each rate-limit class this router's endpoints name. */
  limits?: Partial<Record<RateLimitClass, RequestHandler>>;
  /** `Cache-Control: no-store` on every answer: personal and staff-only calls. */
  noStore?: boolean;
  /** Hears each mounted name (for tests). */
  onMount?: (name: ApiRouteName) => void;
}

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/**
 * An endpoint's params, query and body parsed with its schemas; a 400 AppError with the spec's
 * message for the first part they refuse. The mounter's step, and the in-process reads'.
 */
export function parseEndpointInput<Name extends ApiRouteName>(
  name: Name,
  raw: { params?: unknown; query?: unknown; body?: unknown },
): EndpointInput<Name> {
  const schemas: EndpointSchemas = API_SCHEMAS[name];
  const part = (key: keyof EndpointSchemas & keyof typeof raw) => {
    const schema = schemas[key];
    if (!schema) return key === 'body' ? undefined : {};
    return validate(schema, raw[key]);
  };
  return {
    params: part('params'),
    query: part('query'),
    body: part('body'),
  } as EndpointInput<Name>;
}

/** A `mount(name, handler)` for one router. */
export function endpointMounter(
  router: Router,
  options: EndpointMounterOptions = {},
): MountEndpoint {
  return (name, handler, { before, onInvalid } = {}) => {
    const route = API_ROUTES[name];
    const chain: RequestHandler[] = [];
    if (route.permission) {
      if (!options.requirePermission) throw new Error(`${name}: no permission check given`);
      chain.push(options.requirePermission(route.permission));
    }
    if ('rateLimit' in route) {
      const limit = options.limits?.[route.rateLimit];
      if (!limit) throw new Error(`${name}: no limiter for the ${route.rateLimit} class`);
      chain.push(limit);
    }
    if (options.noStore) chain.push(noStore);
    if (before) chain.push(before);
    chain.push((req, res) => {
      let input: EndpointInput<typeof name>;
      try {
        input = parseEndpointInput(name, req);
      } catch (error) {
        onInvalid?.(req);
        throw error;
      }
      return handler(req, res, input);
    });
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    router[method](route.path, ...chain);
    options.onMount?.(name);
  };
}
