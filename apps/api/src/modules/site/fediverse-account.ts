/** The site's fediverse account as site.yml names it (the fediverse module serves it). */
import { defaultFediverseHandle } from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { siteIdentity } from './identity.js';

/** The handle site.yml gives the account now. */
export function currentHandle(db: Db): string {
  const identity = siteIdentity(db);
  // An identity stored before the handle existed has none until site.yml is read again.
  return identity.fediverse?.handle ?? defaultFediverseHandle(identity.owner.name);
}

/** `@handle@host`: what a reader types into their server's search to find the site. */
export function fullHandle(db: Db, publicUrl: string): string {
  return `@${currentHandle(db)}@${new URL(publicUrl).host}`;
}
