/**
 * Who a follower is, as their server describes them, kept for the owner's console: a name shown
 * as text (never as HTML), their handle and their profile's address.
 */
import { normalizePlainText } from '@quillpost/domain';
import { Link, type Actor } from '@fedify/vocab';
import type { FollowerProfile } from './store/account.js';

/** A name longer than this is cut: it labels a row, it is not a text. */
const NAME_MAX_LENGTH = 100;

function webAddress(url: URL | null | undefined): string | null {
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null;
}

export function profileOf(actor: Actor): FollowerProfile {
  const name = normalizePlainText(actor.name?.toString() ?? '')
    .replace(/\s+/g, ' ')
    .slice(0, NAME_MAX_LENGTH)
    .trim();
  const username = actor.preferredUsername?.toString().trim();
  const url = actor.url instanceof Link ? actor.url.href : actor.url;
  return {
    name: name || null,
    handle: username && actor.id ? `@${username}@${actor.id.host}` : null,
    url: webAddress(url),
  };
}
