/**
 * content/site.yml as the console's Site section edits it: read as the file says it (the last
 * good identity when the file is broken or missing), and rewritten atomically, keeping the
 * comments, key order and styles the owner wrote by hand (yaml's Document keeps all three).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  SOCIAL_NETWORKS,
  siteFileSchema,
  type SiteFileValues,
  type SiteIdentity,
} from '@quillpost/domain';
import { Document, isMap, isScalar, parseDocument } from 'yaml';
import { writeAtomically } from '../../folder-files.js';
import { yamlData } from './front-matter.js';
import { SITE_FILE } from './sync.js';

/** The file's keys for an identity the site runs with (when the file cannot be read). */
function valuesOf(identity: SiteIdentity): SiteFileValues {
  return {
    title: identity.title,
    tagline: identity.tagline,
    description: identity.description,
    language: identity.language,
    timezone: identity.timezone,
    owner: {
      name: identity.owner.name,
      bio: identity.owner.bio,
      ...(identity.owner.avatar ? { avatar: identity.owner.avatar } : {}),
      ...(identity.owner.email ? { email: identity.owner.email } : {}),
    },
    intro: identity.intro,
    accent: identity.accent,
    social: identity.social,
    newsletter: { name: identity.newsletter.name, from_name: identity.newsletter.fromName },
    // An identity stored before the handle existed has none: the file then names none either.
    fediverse: identity.fediverse ? { handle: identity.fediverse.handle } : {},
    hubs: identity.hubs,
    subscribe: {
      title: identity.subscribe.title,
      text: identity.subscribe.text,
      after_post: {
        title: identity.subscribe.afterPostTitle,
        text: identity.subscribe.afterPostText,
      },
      dialog: identity.subscribe.dialog,
    },
  };
}

/**
 * site.yml as a YAML document and its data, when it is there and reads as YAML (its syntax, and
 * no more aliases than the sync expands); null otherwise.
 */
function siteYaml(dir: string): { doc: Document; data: unknown } | null {
  const file = path.join(dir, SITE_FILE);
  if (!fs.existsSync(file)) return null;
  const doc = parseDocument(fs.readFileSync(file, 'utf8'));
  if (doc.errors.length) return null;
  try {
    return { doc, data: yamlData(doc, SITE_FILE, 1) };
  } catch {
    return null;
  }
}

/** site.yml as its keys, when it is there and valid; null otherwise. */
function validSiteFile(dir: string): SiteFileValues | null {
  const yaml = siteYaml(dir);
  const result = yaml && siteFileSchema.safeParse(yaml.data ?? {});
  return result?.success ? result.data : null;
}

export function readSiteFile(dir: string, running: SiteIdentity): SiteFileValues {
  return validSiteFile(dir) ?? valuesOf(running);
}

type Leaf = string | undefined;

/**
 * Every key the console edits, as paths: ['owner', 'name'] → 'Ada'. The hubs' and the
 * invitations' words are edited in the file only: a save leaves them as they are.
 */
function leaves(values: SiteFileValues): Array<[string[], Leaf]> {
  const {
    owner,
    social,
    newsletter,
    fediverse,
    hubs: _hubs,
    subscribe: _subscribe,
    ...top
  } = values;
  return [
    ...Object.entries(top).map(([key, value]): [string[], Leaf] => [[key], value]),
    ...Object.entries(owner).map(([key, value]): [string[], Leaf] => [['owner', key], value]),
    ...SOCIAL_NETWORKS.map((key): [string[], Leaf] => [['social', key], social[key]]),
    ...Object.entries(newsletter).map(([key, value]): [string[], Leaf] => [
      ['newsletter', key],
      value,
    ]),
    [['fediverse', 'handle'], fediverse.handle],
  ];
}

/**
 * Writes `values` into site.yml: a changed value replaces the old one in place (its comments and
 * style stay), an emptied optional one is removed, a new one is added at the end of its map. The
 * file is written beside and renamed over the old one, so a reader never sees half of it.
 */
export function writeSiteFile(dir: string, values: SiteFileValues): void {
  const file = path.join(dir, SITE_FILE);
  const existing = siteYaml(dir)?.doc;
  // A file broken by hand is replaced: the console only ever writes what the schema accepts.
  const doc = existing && isMap(existing.contents) ? existing : new Document({});
  for (const [keys, value] of leaves(values)) {
    const node = doc.getIn(keys, true);
    if (value === undefined || value === '') {
      if (doc.hasIn(keys)) doc.deleteIn(keys);
    } else if (isScalar(node)) {
      node.value = value;
    } else {
      doc.setIn(keys, value);
    }
  }
  for (const map of ['social', 'newsletter', 'owner', 'fediverse']) {
    const node = doc.get(map, true);
    if (isMap(node) && node.items.length === 0) doc.delete(map);
  }
  writeAtomically(file, doc.toString({ lineWidth: 96 }));
}

/**
 * Writes profiles the console saved before site.yml held them into the file, unless it names its
 * own; false when there is no valid file to write them into yet (they wait for one).
 */
export function adoptSavedProfiles(dir: string, saved: Record<string, string>): boolean {
  const current = validSiteFile(dir);
  if (!current) return false;
  if (Object.keys(current.social).length > 0) return true;
  const social = Object.fromEntries(Object.entries(saved).filter(([, url]) => url));
  const adopted = siteFileSchema.safeParse({ ...current, social });
  if (adopted.success) writeSiteFile(dir, adopted.data);
  return true;
}
