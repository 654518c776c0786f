/**
 * The <head> of each reading page, from the data its loader returned: what a search engine lists,
 * what a link preview on Mastodon, Slack or LinkedIn shows, and the page's structured data.
 */
import {
  itemPath,
  type Book,
  type JournalEntry,
  type Poem,
  type Project,
  PAGE_PATHS,
  pagePath,
} from '@quillpost/domain';
import type { MetaContext } from '../../lib/route-handle';
import { SITE_DESCRIPTION, SITE_TITLE } from '../../lib/site-identity';
import { absoluteUrl, feedsOf, type FeedLink, type PageMeta } from '../../lib/page-head';
import { HUBS } from './hubs';
import {
  type BlogData,
  type CategoryData,
  type HubData,
  type NowArchivesData,
  type NowData,
  type PostData,
} from './page-data';
import { formatMonth, humanize } from './utils/format';

/** The site's owner, as schema.org describes a person. */
/** Where a page's head is published: the site's address and its owner's profiles. */
export type Publication = Pick<MetaContext, 'publicUrl' | 'site'>;

/** The site's owner, as schema.org describes a person: their profiles elsewhere are sameAs. */
export function person({ publicUrl, site }: Publication) {
  return {
    '@type': 'Person',
    name: SITE_TITLE,
    url: `${publicUrl}/`,
    sameAs: site.socialProfiles.map((profile) => profile.url),
  };
}

export const JOURNAL_FEEDS = feedsOf(`${SITE_TITLE}: Journal`, PAGE_PATHS.journal);
export const POETRY_FEEDS = feedsOf(`${SITE_TITLE}: Poetry`, PAGE_PATHS.poetry);

export function categoryFeeds(slug: string, name: string): FeedLink[] {
  return feedsOf(`${SITE_TITLE}: ${name}`, pagePath('category', { '*': slug }));
}

export function homeMeta(publication: Publication): PageMeta {
  const { publicUrl } = publication;
  return {
    description: SITE_DESCRIPTION,
    path: PAGE_PATHS.home,
    jsonLd: [
      {
        '@type': 'WebSite',
        name: SITE_TITLE,
        url: `${publicUrl}/`,
        description: SITE_DESCRIPTION,
        inLanguage: 'en',
        author: { '@type': 'Person', name: SITE_TITLE },
      },
      person(publication),
    ],
  };
}

export function blogMeta({ categories }: BlogData, url: URL): PageMeta {
  const active = url.searchParams.get('category');
  const activeName = active
    ? (categories?.find((category) => category.slug === active)?.name ?? humanize(active))
    : null;
  return {
    title: activeName ? `Blog: ${activeName}` : 'Blog',
    description: `Every post ${SITE_TITLE} has published, newest first: building software, learning in public and the craft of writing.`,
    // The filtered views are the category pages' content again: one canonical list.
    path: PAGE_PATHS.blog,
  };
}

export function postMeta({ post }: PostData, publication: Publication): PageMeta {
  const { publicUrl } = publication;
  const path = itemPath('post', post.slug);
  const description = post.excerpt_short || post.excerpt_medium || SITE_DESCRIPTION;
  const image = post.featured_image_url;
  return {
    title: post.title,
    description,
    path,
    type: 'article',
    image,
    imageAlt: `Illustration for “${post.title}”`,
    article: {
      publishedTime: post.date,
      modifiedTime: post.updated_at,
      section: humanize(post.category),
      tags: post.tags,
    },
    jsonLd: [
      {
        '@type': 'BlogPosting',
        headline: post.title,
        description,
        url: publicUrl + path,
        mainEntityOfPage: publicUrl + path,
        datePublished: post.date,
        dateModified: post.updated_at ?? post.date,
        author: person(publication),
        publisher: { '@type': 'Person', name: SITE_TITLE, url: `${publicUrl}/` },
        ...(image ? { image: absoluteUrl(publicUrl, image) } : {}),
        articleSection: humanize(post.category),
        keywords: post.tags.join(', '),
        inLanguage: 'en',
        ...(post.reading_minutes ? { timeRequired: `PT${post.reading_minutes}M` } : {}),
      },
    ],
  };
}

export function categoryMeta(data: CategoryData): PageMeta {
  if (data.kind === 'index') {
    return {
      title: 'Categories',
      description: 'Every category of posts on the site, with how much is in each.',
      path: pagePath('category'),
    };
  }
  const title = data.subName ? `${data.name}: ${data.subName}` : data.name;
  const hub = data.sub === null && data.slug in HUBS ? HUBS[data.slug as keyof typeof HUBS] : null;
  return {
    // /build is the hub page; its category list is named apart from it.
    title: `Category: ${title}`,
    description: hub ? hub.summary : `Posts filed under ${title}, newest first.`,
    path: pagePath('category', { '*': data.sub ? [data.slug, data.sub] : [data.slug] }),
    feeds: categoryFeeds(data.slug, data.name),
  };
}

export function hubMeta({ hub }: HubData): PageMeta {
  const info = HUBS[hub];
  return {
    title: info.title,
    description: info.summary,
    path: info.path,
    feeds: categoryFeeds(hub, info.title),
  };
}

export function nowMeta({ now }: NowData): PageMeta {
  return {
    title: 'Now',
    description:
      now.excerpt_short ||
      `What ${SITE_TITLE} is focused on at this point in life: building, reading and writing.`,
    path: PAGE_PATHS.now,
  };
}

export function nowArchivesMeta(data: NowArchivesData): PageMeta {
  if (data.kind === 'index') {
    return {
      title: 'Now: archives',
      description: `Older versions of ${SITE_TITLE}’s now page, kept as a record of what mattered when.`,
      path: pagePath('nowArchive'),
    };
  }
  const month = formatMonth(data.page.date) || data.page.title;
  return {
    title: `Now, ${month}`,
    description: data.page.excerpt_short || `${SITE_TITLE}’s now page as it stood in ${month}.`,
    path: pagePath('nowArchive', { '*': data.page.slug }),
  };
}

export function journalMeta(): PageMeta {
  return {
    title: 'Journal',
    description: `Short entries from ordinary days: what ${SITE_TITLE} noticed, read and thought about.`,
    path: PAGE_PATHS.journal,
    feeds: JOURNAL_FEEDS,
  };
}

export function poetryMeta(): PageMeta {
  return {
    title: 'Poetry',
    description: `Poems by ${SITE_TITLE}: small observations about code, libraries, weather and love.`,
    path: PAGE_PATHS.poetry,
    feeds: POETRY_FEEDS,
  };
}

/** A journal entry or a poem on its own page: an article, with its list's feeds. */
export function entryMeta(
  entry: JournalEntry | Poem,
  kind: 'Journal' | 'Poem',
  publication: Publication,
): PageMeta {
  const { publicUrl } = publication;
  const path = itemPath(kind === 'Journal' ? 'journal' : 'poem', entry.slug);
  const description = entry.excerpt_short || entry.excerpt_medium || SITE_DESCRIPTION;
  return {
    title: kind === 'Journal' ? `${entry.title} (journal)` : `${entry.title} (a poem)`,
    description,
    path,
    type: 'article',
    article: {
      publishedTime: entry.date,
      modifiedTime: entry.updated_at,
      section: kind === 'Journal' ? 'Journal' : 'Poetry',
      tags: entry.tags,
    },
    feeds: kind === 'Journal' ? JOURNAL_FEEDS : POETRY_FEEDS,
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
        inLanguage: 'en',
      },
    ],
  };
}

export function bookshelfMeta(): PageMeta {
  return {
    title: 'Bookshelf',
    description: `What ${SITE_TITLE} is reading now and has read, with notes on each book.`,
    path: PAGE_PATHS.bookshelf,
  };
}

export function readingListMeta(): PageMeta {
  return {
    title: 'Reading list',
    description: `The books ${SITE_TITLE} wants to read next.`,
    path: PAGE_PATHS.readingList,
  };
}

export function allBooksMeta(): PageMeta {
  return {
    title: 'All books',
    description: `Every book on ${SITE_TITLE}’s shelves in one table: reading, read and want to read.`,
    path: PAGE_PATHS.allBooks,
  };
}

export function bookMeta(book: Book, publication: Publication): PageMeta {
  const { publicUrl } = publication;
  const path = pagePath('book', { slug: book.slug });
  const description =
    book.excerpt_short || `${SITE_TITLE}’s notes on ${book.title} by ${book.author}.`;
  return {
    title: `${book.title} by ${book.author}`,
    description,
    path,
    type: 'book',
    image: book.cover_url,
    imageAlt: `Cover of ${book.title}`,
    jsonLd: [
      {
        '@type': 'Book',
        name: book.title,
        author: { '@type': 'Person', name: book.author },
        url: publicUrl + path,
        ...(book.year ? { datePublished: String(book.year) } : {}),
        ...(book.cover_url ? { image: absoluteUrl(publicUrl, book.cover_url) } : {}),
        ...(book.rating
          ? {
              review: {
                '@type': 'Review',
                author: person(publication),
                reviewRating: { '@type': 'Rating', ratingValue: book.rating, bestRating: 5 },
              },
            }
          : {}),
      },
    ],
  };
}

export function projectsMeta(): PageMeta {
  return {
    title: 'Projects',
    description: `Software ${SITE_TITLE} builds and maintains: small, durable tools and the engine behind this site.`,
    path: PAGE_PATHS.projects,
  };
}

export function projectMeta(project: Project): PageMeta {
  return {
    title: project.title,
    description: project.summary,
    path: pagePath('project', { slug: project.slug }),
    image: project.featured_image_url,
    imageAlt: `Illustration for the ${project.title} project`,
  };
}
