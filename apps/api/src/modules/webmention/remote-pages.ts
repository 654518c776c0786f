/**
 * Webmention's requests to other servers: reading a source page or a target page, and posting a
 * mention to an endpoint. Each connection goes through the site's one address guard (public
 * addresses only, the checked address the one connected to) unless
 * FEDERATION_ALLOW_PRIVATE_ADDRESSES says otherwise; bodies are read up to a cap and no further,
 * and every request ends by a deadline.
 */
import http from 'node:http';
import https from 'node:https';
import { addressGuard, type AddressGuardOptions } from '../../security/guarded-lookup.js';

/** A page bigger than this is not a page anyone mentions us from. */
const PAGE_LIMIT_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 10_000;

export interface RemotePage {
  /** Where the page was found, after redirects: relative links resolve against it. */
  url: URL;
  status: number;
  contentType: string;
  /** The HTTP Link header(s), joined. */
  link: string;
  body: string;
}

/**
 * Why a request went unanswered. `lasting` failures (an address refused, a page too large) are
 * not tried again; the others (a timeout, a server not answering) are.
 */
export class RemoteFailure extends Error {
  constructor(
    message: string,
    readonly lasting: boolean,
  ) {
    super(message);
    this.name = 'RemoteFailure';
  }
}

export interface RemotePagesOptions extends AddressGuardOptions {
  /** FEDERATION_ALLOW_PRIVATE_ADDRESSES: any address, tests and local development only. */
  allowPrivateAddresses: boolean;
  userAgent: string;
}

export interface RemotePages {
  get(url: string): Promise<RemotePage>;
  /** Posts a form; answers the status. */
  postForm(url: string, fields: Record<string, string>): Promise<number>;
}

async function bodyOf(res: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > PAGE_LIMIT_BYTES) {
      res.destroy();
      throw new RemoteFailure('the page is larger than 1 MB', true);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function remotePages(options: RemotePagesOptions): RemotePages {
  const guard = options.allowPrivateAddresses
    ? { lookup: undefined, refusedLiteral: () => false }
    : addressGuard(options);

  function request(
    url: URL,
    init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
    signal: AbortSignal,
  ): Promise<http.IncomingMessage> {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      return Promise.reject(new RemoteFailure(`${url.protocol} is not http(s)`, true));
    }
    if (guard.refusedLiteral(url)) {
      return Promise.reject(
        new RemoteFailure(`${url.hostname} is not on the public internet`, true),
      );
    }
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      // No agent: no pooled socket outlives the request, each connection is looked up afresh.
      const req = client.request(
        url,
        {
          method: init.method,
          headers: { 'User-Agent': options.userAgent, ...init.headers },
          lookup: guard.lookup,
          signal,
          agent: false,
        },
        resolve,
      );
      req.on('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EREFUSEDADDRESS'
            ? new RemoteFailure(error.message, true)
            : new RemoteFailure(error.message, false),
        ),
      );
      req.end(init.body);
    });
  }

  return {
    async get(address) {
      const signal = AbortSignal.timeout(TIMEOUT_MS);
      let url = new URL(address);
      for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
        const res = await request(
          url,
          { method: 'GET', headers: { Accept: 'text/html, text/plain;q=0.9, */*;q=0.1' } },
          signal,
        );
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (status >= 300 && status < 400 && location) {
          res.destroy();
          url = new URL(location, url);
          continue;
        }
        if (Number(res.headers['content-length'] ?? 0) > PAGE_LIMIT_BYTES) {
          res.destroy();
          throw new RemoteFailure('the page is larger than 1 MB', true);
        }
        const link = res.headers.link;
        return {
          url,
          status,
          contentType: res.headers['content-type'] ?? '',
          link: Array.isArray(link) ? link.join(', ') : (link ?? ''),
          body: await bodyOf(res),
        };
      }
      throw new RemoteFailure('too many redirects', true);
    },

    async postForm(address, fields) {
      const res = await request(
        new URL(address),
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        },
        AbortSignal.timeout(TIMEOUT_MS),
      );
      res.resume();
      return res.statusCode ?? 0;
    },
  };
}
