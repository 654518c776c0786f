/**
 * Fedify answers fetch `Request`s; Express 5 hands us Node's request and response. Fedify's own
 * `@fedify/express` is for Fedify 1.x and Express 4, so this is the small bridge between them:
 * the request becomes a `Request` whose address is built from PUBLIC_URL (never from the Host
 * header, which anyone can set), Fedify answers it, and whatever Fedify does not handle — a page
 * a reader asked for as HTML, an address that is not its — goes on to the site's own routes.
 */
import type { Federation } from '@fedify/fedify';
import { itemAtPath } from '@quillpost/domain';
import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from 'express';
import { AppError } from '../../http/errors.js';

/** The addresses that are Fedify's alone: discovery documents, the actor and its collections. */
const FEDERATION_PATHS = /^\/(?:\.well-known\/(?:webfinger|nodeinfo|host-meta)|nodeinfo\/|ap\/)/;

/** What an ActivityPub client sends in Accept when it wants an object's JSON, not its page. */
const ACTIVITY_TYPES = ['application/activity+json', 'application/ld+json'];

export interface BridgeOptions<TContextData> {
  /** The site's public address (no trailing slash): every address Fedify sees starts with it. */
  publicUrl: string;
  /** Request bodies over this many bytes answer 413 before Fedify reads them. */
  maxBodyBytes: number;
  contextData: () => TContextData;
}

function wantsActivityJson(req: ExpressRequest): boolean {
  const preferred = req.accepts(['html', ...ACTIVITY_TYPES]);
  return typeof preferred === 'string' && ACTIVITY_TYPES.includes(preferred);
}

/** The body, whole, or a 413 once it passes the cap (declared or streamed). */
async function bodyOf(req: ExpressRequest, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes)
    throw new AppError(413, 'PAYLOAD_TOO_LARGE');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new AppError(413, 'PAYLOAD_TOO_LARGE');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

async function send(res: ExpressResponse, answer: Response, head: boolean): Promise<void> {
  res.status(answer.status);
  answer.headers.forEach((value, name) => {
    if (name === 'vary') res.vary(value);
    else res.setHeader(name, value);
  });
  const body = head || !answer.body ? undefined : Buffer.from(await answer.arrayBuffer());
  res.end(body);
}

export function federationBridge<TContextData>(
  /** Fedify, loaded when the first request that is its own arrives. */
  federation: () => Promise<Federation<TContextData>>,
  options: BridgeOptions<TContextData>,
): RequestHandler {
  return async (req, res, next) => {
    const reading = req.method === 'GET' || req.method === 'HEAD';
    // An item's page answers HTML or ActivityPub JSON by Accept: caches keep them apart.
    if (reading && itemAtPath(req.path)) res.vary('Accept');
    if (!FEDERATION_PATHS.test(req.path) && !(reading && wantsActivityJson(req))) return next();
    try {
      const body = reading ? undefined : await bodyOf(req, options.maxBodyBytes);
      const request = new Request(`${options.publicUrl}${req.originalUrl}`, {
        method: req.method,
        headers: headersOf(req),
        ...(body ? { body: new Uint8Array(body) } : {}),
      });
      let fallThrough = false;
      const notOurs = () => {
        fallThrough = true;
        return new Response(null, { status: 404 });
      };
      const answer = await (
        await federation()
      ).fetch(request, {
        contextData: options.contextData(),
        onNotFound: notOurs,
        onNotAcceptable: notOurs,
      });
      if (fallThrough) return next();
      await send(res, answer, req.method === 'HEAD');
    } catch (error) {
      next(error);
    }
  };
}
