/**
 * What several reading pages' heads share: the owner as schema.org describes a person, the feeds
 * a list offers, and the head of a journal entry or a poem on its own page.
 */
import { itemPath, PAGE_PATHS, pagePath, type JournalEntry, type Poem } from '@quillpost/domain';
import type { Site } from '@quillpost/domain';
import type { MetaContext } from '../../lib/route-handle';
import { absoluteUrl, feedsOf, type FeedLink, type PageMeta } from '../../lib/page-head';

/** Where a page's head is published: the site's address and its owner's profiles. */
export type Publication = Pick<MetaContext, 'publicUrl' | 'site'>;

/** The site's owner, as schema.org describes a person: their profiles elsewhere are sameAs. */
export function person({ publicUrl, site }: Publication) {
  return {
    '@type': 'Person',
    name: site.owner.name,
    url: `${publicUrl}/`,
    ...(site.owner.bio ? { description: site.owner.bio } : {}),
    ...(site.owner.avatarUrl ? { image: absoluteUrl(publicUrl, site.owner.avatarUrl) } : {}),
    ...(site.owner.email ? { email: `mailto:${site.owner.email}` } : {}),
    sameAs: site.socialProfiles.map((profile) => profile.url),
  };
}

export const journalFeeds = (site: Site) => feedsOf(`${site.title}: Journal`, PAGE_PATHS.journal);
export const poetryFeeds = (site: Site) => feedsOf(`${site.title}: Poetry`, PAGE_PATHS.poetry);

export function categoryFeeds(site: Site, slug: string, name: string): FeedLink[] {
  return feedsOf(`${site.title}: ${name}`, pagePath('category', { '*': slug }));
}

/** A journal entry or a poem on its own page: an article, with its list's feeds. */
export function entryMeta(
  entry: JournalEntry | Poem,
  kind: 'Journal' | 'Poem',
  publication: Publication,
): PageMeta {
  const { publicUrl, site } = publication;
  const path = itemPath(kind === 'Journal' ? 'journal' : 'poem', entry.slug);
  const description = entry.excerpt_short || entry.excerpt_medium || site.description;
  return {
    title: kind === 'Journal' ? `${entry.title} (journal)` : `${entry.title} (a poem)`,
    description,
    path,
    card: `/og/${kind === 'Journal' ? 'journal' : 'poem'}/${entry.slug}.png`,
    type: 'article',
    article: {
      publishedTime: entry.date,
      modifiedTime: entry.updated_at,
      section: kind === 'Journal' ? 'Journal' : 'Poetry',
      tags: entry.tags,
    },
    feeds: kind === 'Journal' ? journalFeeds(site) : poetryFeeds(site),
    jsonLd: [
      {
        '@type': kind === 'Journal' ? 'BlogPosting' : 'CreativeWork',
        ...(kind === 'Poem' ? { genre: 'Poetry' } : {}),
        headline: entry.title,
        name: entry.title,
        description,
        url: publicUrl + path,
        datePublished: entry.date,
        dateModified: entry.updated_at ?? entry.date,
        author: person(publication),
        inLanguage: site.language,
      },
    ],
  };
}
