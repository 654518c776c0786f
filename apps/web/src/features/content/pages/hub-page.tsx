import { PAGE_PATHS, pagePath, type Book } from '@quillpost/domain';
import type { ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { BookGrid } from '../components/book-grid';
import { EntryLinks, type EntryLink } from '../components/entry-links';
import { PostList } from '../components/post-list';
import { ProjectCard } from '../components/project-card';
import { HUBS, type HubId } from '../hubs';
import type { HubData, HubRelated } from '../page-data';
import '../components/content.css';
import './hub-page.css';

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
  const { hub, posts, related } = useLoaderData() as HubData;
  const info = HUBS[hub];
  return (
    <div className="page hub">
      <PageHeader eyebrow={info.eyebrow} title={info.title} lede={info.intro}>
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
          <PostList posts={posts} headingLevel={3} label="sub-category" />
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
