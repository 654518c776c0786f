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
  /**
   * Documents every server asks for again and again (the actor, whose key verifies each of our
   * deliveries; a post's Article), kept as Fedify answered them until `version` changes: Fedify
   * builds each answer anew, its JSON-LD compacted, tens of milliseconds on a small server.
   * `version(path)` changes whenever what the answer at `path` is made of does.
   */
  kept?: { keeps(path: string): boolean; version(path: string): Promise<string> };
}

/** A kept answer, and the version of what it was made of. */
interface KeptAnswer {
  version: string;
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
}

/** Past this many kept answers (a site of many posts, each asked for), the oldest go. */
const KEPT_ANSWERS = 500;

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

async function keptOf(answer: Response, version: string): Promise<KeptAnswer> {
  const headers: Array<[string, string]> = [];
  answer.headers.forEach((value, name) => headers.push([name, value]));
  return {
    version,
    status: answer.status,
    headers,
    body: Buffer.from(await answer.arrayBuffer()),
  };
}

function send(res: ExpressResponse, answer: KeptAnswer, head: boolean): void {
  res.status(answer.status);
  for (const [name, value] of answer.headers) {
    if (name === 'vary') res.vary(value);
    else res.setHeader(name, value);
  }
  res.end(head ? undefined : answer.body);
}

export function federationBridge<TContextData>(
  /** Fedify, loaded when the first request that is its own arrives. */
  federation: () => Promise<Federation<TContextData>>,
  options: BridgeOptions<TContextData>,
): RequestHandler {
  const kept = new Map<string, KeptAnswer>();
  /** Answers being made now, to be kept: who asks meanwhile waits for them. */
  const building = new Map<string, Promise<void>>();
  /** Fedify's answer to `req`, or null when it is not Fedify's (the site's routes answer). */
  async function answerOf(req: ExpressRequest, reading: boolean): Promise<Response | null> {
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
    return fallThrough ? null : answer;
  }

  return async (req, res, next) => {
    const reading = req.method === 'GET' || req.method === 'HEAD';
    // An item's page answers HTML or ActivityPub JSON by Accept: caches keep them apart.
    if (reading && itemAtPath(req.path)) res.vary('Accept');
    if (!FEDERATION_PATHS.test(req.path) && !(reading && wantsActivityJson(req))) return next();
    const head = req.method === 'HEAD';
    // A HEAD is answered from a kept answer, never kept itself: it has no body.
    const keeps = reading && options.kept?.keeps(req.path);
    const keptAs = `${req.originalUrl}\n${req.headers.accept ?? ''}`;
    let built: (() => void) | undefined;
    try {
      const version = keeps ? await options.kept!.version(req.path) : '';
      if (keeps) {
        // Servers ask at once (a post's first deliveries land together): one answer is made.
        await building.get(keptAs);
        const hit = kept.get(keptAs);
        if (hit?.version === version) return send(res, hit, head);
        if (!head) building.set(keptAs, new Promise<void>((resolve) => (built = resolve)));
      }
      const answer = await answerOf(req, reading);
      if (!answer) return next();
      const made = await keptOf(answer, version);
      if (built && made.status === 200) {
        if (kept.size >= KEPT_ANSWERS) kept.delete(kept.keys().next().value!);
        kept.set(keptAs, made);
      }
      send(res, made, head);
    } catch (error) {
      next(error);
    } finally {
      if (built) {
        building.delete(keptAs);
        built();
      }
    }
  };
}
