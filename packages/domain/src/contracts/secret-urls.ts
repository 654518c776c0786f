/**
 * The URLs that carry a secret, next to the endpoint catalogue they complete: the one-click
 * links in mails, whose `:token` segment is a bearer token (whoever holds it can act), and the
 * query parameters that hold a token, a code or a reader's address. Whatever records a URL (the
 * API's request log) redacts them with `redactSecretUrl`.
 */
import { fillPath } from '../path-pattern.js';

export const TOKEN_LINK_PATHS = {
  /** RFC 8058 one-click unsubscribe: GET asks, POST unsubscribes. */
  newsletterUnsubscribe: '/api/newsletter/unsubscribe/:token',
  /** The "no more reply emails" link in every reply email: GET asks, POST turns them off. */
  replyEmailsOff: '/api/notifications/replies/off/:token',
} as const;

export type TokenLink = keyof typeof TOKEN_LINK_PATHS;

/**
 * Sign-in (`token`, OAuth's `code` and `state`), a subscriber's manage and verify links, and the
 * address the verified link brings back (`email`).
 */
export const SECRET_QUERY_PARAMETERS = ['token', 'code', 'state', 'manage', 'verify', 'email'];

/** A token link's path with its token in it. */
export function tokenLinkPath(link: TokenLink, token: string): string {
  return fillPath(TOKEN_LINK_PATHS[link], { token }, 'tokenLinkPath');
}

// After an absolute-form target's scheme and host, if any; Express matches paths in any case.
const TOKEN_SEGMENT = new RegExp(
  `^((?:[a-z][a-z0-9+.-]*://[^/]*)?(?:${Object.values(TOKEN_LINK_PATHS)
    .map((path) => path.replace(':token', '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')}))[^/?#]+`,
  'i',
);
const SECRET_PARAMETER = new RegExp(`([?&](?:${SECRET_QUERY_PARAMETERS.join('|')})=)[^&#]*`, 'gi');

/** `url` (a request target) with every secret it carries replaced by `[redacted]`. */
export function redactSecretUrl(url: string): string {
  return url.replace(TOKEN_SEGMENT, '$1[redacted]').replace(SECRET_PARAMETER, '$1[redacted]');
}
