/**
 * Who the site is (content/site.yml, docs/decisions/0016): the content sync stores the last
 * valid identity here, and every page, feed and mail reads it from here. A site whose file was
 * never read is UNNAMED_SITE: plain words, never someone else's name.
 */
import { UNNAMED_SITE, type SiteIdentity } from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { storedIdentity, storeIdentity } from './store.js';

// Parsed once per stored text: mail, feeds and pages read it on every request.
let parsed: { text: string; identity: SiteIdentity } | null = null;

export function siteIdentity(db: Db): SiteIdentity {
  const text = storedIdentity(db)?.identity;
  if (text === undefined) return UNNAMED_SITE;
  if (parsed?.text !== text) parsed = { text, identity: JSON.parse(text) as SiteIdentity };
  return parsed.identity;
}

/** Keeps `identity` as the site's; false when the same file (by hash) was already stored. */
export function keepSiteIdentity(
  db: Db,
  { identity, sourceHash }: { identity: SiteIdentity; sourceHash: string },
  now: string,
): boolean {
  if (storedIdentity(db)?.sourceHash === sourceHash) return false;
  storeIdentity(db, { sourceHash, identity: JSON.stringify(identity) }, now);
  return true;
}
