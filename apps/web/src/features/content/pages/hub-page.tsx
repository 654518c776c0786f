import {
  itemPath,
  PAGE_PATHS,
  pagePath,
  type Book,
  type ContentReader,
  type JournalEntry,
  type Poem,
  type Project,
} from '@quillpost/domain';
import type { ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { summarizePost, type PostSummary } from '../api/posts';
import { BookGrid } from '../components/book-grid';
import type { CommentCounts } from '../components/comment-count';
import { EntryLinks, type EntryLink } from '../components/entry-links';
import { PostList } from '../components/post-list';
import { ProjectCard } from '../components/project-card';
import { HUB_IDS, HUBS, type HubId } from '../hubs';
import type { PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { categoryFeeds } from '../publication';
import { countsOrNone, postsOrEmpty, required } from '../read-results';
import { useSite } from '../../../lib/use-site';
import '../components/content.css';
import './hub-page.css';

const HUB_POST_COUNT = 6;
const HUB_ENTRY_COUNT = 3;
const HUB_BOOK_COUNT = 6;

type HubRelated =
  | { hub: 'build'; projects: Project[] }
  | { hub: 'learn'; reading: Book[]; upNext: Book[] }
  | { hub: 'write'; journal: EntryLink[]; poems: EntryLink[] };

interface HubData {
  hub: HubId;
  posts: PostSummary[];
  related: HubRelated;
  commentCounts: CommentCounts;
}

function entryLinks(
  items: ReadonlyArray<JournalEntry | Poem>,
  kind: 'journal' | 'poem',
  count: number,
): EntryLink[] {
  return items.slice(0, count).map((item) => ({
    slug: item.slug,
    title: item.title,
    date: item.date,
    excerpt: item.excerpt_short,
    to: itemPath(kind, item.slug),
  }));
}

async function loadRelated(reader: ContentReader, hub: HubId): Promise<HubRelated> {
  switch (hub) {
    case 'build':
      return { hub, projects: required(await reader.projects()) };
    case 'learn': {
      const [shelf, next] = await Promise.all([
        reader.books('bookshelf'),
        reader.books('reading-list'),
      ]);
      return {
        hub,
        reading: required(shelf).filter((book) => book.status === 'reading'),
        upNext: required(next).slice(0, HUB_BOOK_COUNT),
      };
    }
    case 'write': {
      const [journal, poems] = await Promise.all([reader.journal(), reader.poems()]);
      return {
        hub,
        journal: entryLinks(required(journal), 'journal', HUB_ENTRY_COUNT),
        poems: entryLinks(required(poems), 'poem', HUB_ENTRY_COUNT),
      };
    }
  }
}

/** One module serves the three hubs: the path says which. */
export async function loader({ reader, request }: PageLoaderArgs): Promise<HubData> {
  const pathname = new URL(request.url).pathname.replace(/\/+$/, '');
  const hub = HUB_IDS.find((id) => HUBS[id].path === pathname);
  if (!hub) throw new Error(`${pathname} is no hub's path`);
  const [posts, related, counts] = await Promise.all([
    reader.posts(hub),
    loadRelated(reader, hub),
    reader.commentCounts(),
  ]);
  return {
    hub,
    posts: postsOrEmpty(posts).slice(0, HUB_POST_COUNT).map(summarizePost),
    related,
    commentCounts: countsOrNone(counts),
  };
}

export const meta: PageMetaFunction<typeof loader> = ({ hub }, { site }) => {
  const info = HUBS[hub];
  return {
    title: info.title,
    description: site.hubs[hub].summary,
    path: info.path,
    feeds: categoryFeeds(site, hub, info.title),
  };
};

/** The sections each hub gathers (spec section 2: the menu marks the hub active on them too). */
const HUB_PLACES: Record<HubId, Array<{ to: string; label: string }>> = {
  build: [{ to: PAGE_PATHS.projects, label: 'Projects' }],
  learn: [
    { to: PAGE_PATHS.bookshelf, label: 'Bookshelf' },
    { to: PAGE_PATHS.readingList, label: 'Reading list' },
    { to: PAGE_PATHS.allBooks, label: 'All books' },
  ],
  write: [
    { to: PAGE_PATHS.blog, label: 'Blog' },
    { to: PAGE_PATHS.journal, label: 'Journal' },
    { to: PAGE_PATHS.poetry, label: 'Poetry' },
  ],
};

function Section({
  id,
  title,
  intro,
  more,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section className="section" aria-labelledby={id}>
      <div className="section__head">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        {more ? (
          <Link className="more-link" to={more.to}>
            {more.label} <span aria-hidden="true">→</span>
          </Link>
        ) : null}
      </div>
      {intro ? <p className="section__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

function BuildSections({ projects }: Extract<HubRelated, { hub: 'build' }>) {
  return (
    <Section
      id="hub-projects"
      title="Projects"
      intro="The software behind the posts, small on purpose."
      more={{ to: PAGE_PATHS.projects, label: 'All projects' }}
    >
      {projects.length > 0 ? (
        <ul className="project-grid">
          {projects.map((project) => (
            <li key={project.slug}>
              <ProjectCard project={project} headingLevel={3} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="No projects yet" headingLevel={3} />
      )}
    </Section>
  );
}

function LearnSections({ reading, upNext }: { reading: Book[]; upNext: Book[] }) {
  return (
    <div className="hub__columns">
      <Section
        id="hub-reading"
        title="On my desk"
        intro="What I am reading at the moment."
        more={{ to: PAGE_PATHS.bookshelf, label: 'Bookshelf' }}
      >
        {reading.length > 0 ? (
          <BookGrid books={reading} />
        ) : (
          <EmptyState title="Between books right now" headingLevel={3} />
        )}
      </Section>
      <Section
        id="hub-up-next"
        title="Up next"
        intro="From the reading list."
        more={{ to: PAGE_PATHS.readingList, label: 'Reading list' }}
      >
        {upNext.length > 0 ? (
          <BookGrid books={upNext} />
        ) : (
          <EmptyState title="The list is empty" headingLevel={3} />
        )}
      </Section>
    </div>
  );
}

function WriteSections({ journal, poems }: { journal: EntryLink[]; poems: EntryLink[] }) {
  return (
    <div className="hub__columns">
      <Section
        id="hub-journal"
        title="Journal"
        more={{ to: PAGE_PATHS.journal, label: 'All entries' }}
      >
        <EntryLinks entries={journal} />
      </Section>
      <Section id="hub-poetry" title="Poetry" more={{ to: PAGE_PATHS.poetry, label: 'All poems' }}>
        <EntryLinks entries={poems} />
      </Section>
    </div>
  );
}

function RelatedSections({ related }: { related: HubRelated }) {
  switch (related.hub) {
    case 'build':
      return <BuildSections {...related} />;
    case 'learn':
      return <LearnSections {...related} />;
    case 'write':
      return <WriteSections {...related} />;
  }
}

/** /build, /learn and /write share one page module. */
export default function HubPage() {
  const { hub, posts, related, commentCounts } = useLoaderData() as HubData;
  const info = HUBS[hub];
  const words = useSite().hubs[hub];
  return (
    <div className="page hub">
      <PageHeader eyebrow={words.eyebrow} title={info.title} lede={words.intro}>
        <nav aria-label={`In ${info.title}`}>
          <ul className="pill-list">
            {HUB_PLACES[hub].map((place) => (
              <li key={place.to}>
                <Link className="pill" to={place.to}>
                  {place.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeader>
      <Section
        id="hub-posts"
        title="Posts"
        more={{ to: pagePath('category', { '*': hub }), label: `Everything in ${info.title}` }}
      >
        {posts.length > 0 ? (
          <PostList
            posts={posts}
            headingLevel={3}
            label="sub-category"
            commentCounts={commentCounts}
          />
        ) : (
          <EmptyState title="No posts here yet" headingLevel={3}>
            <p>
              Meanwhile, the <Link to={PAGE_PATHS.blog}>blog</Link> has everything else.
            </p>
          </EmptyState>
        )}
      </Section>
      <RelatedSections related={related} />
    </div>
  );
}
