import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { useBooks } from '../features/content/api/books';
import { useJournal } from '../features/content/api/journal';
import { usePoems } from '../features/content/api/poetry';
import { usePosts } from '../features/content/api/posts';
import { useProjects } from '../features/content/api/projects';
import { BookGrid } from '../features/content/components/book-grid';
import { EntryLinks } from '../features/content/components/entry-links';
import { PostList } from '../features/content/components/post-list';
import { ProjectCard } from '../features/content/components/project-card';
import { ResourceView } from '../features/content/components/resource-view';
import { HUBS, type HubId } from '../features/content/hubs';
import { useDocumentMeta } from '../lib/document-meta';
import '../features/content/components/content.css';
import './hub-page.css';

export type Hub = HubId;

const HUB_POST_COUNT = 6;

/** The sections each hub gathers (spec section 2: the menu marks the hub active on them too). */
const HUB_PLACES: Record<HubId, Array<{ to: string; label: string }>> = {
  build: [{ to: '/projects', label: 'Projects' }],
  learn: [
    { to: '/bookshelf', label: 'Bookshelf' },
    { to: '/list', label: 'Reading list' },
    { to: '/books-array', label: 'All books' },
  ],
  write: [
    { to: '/blog', label: 'Blog' },
    { to: '/journal', label: 'Journal' },
    { to: '/poetry', label: 'Poetry' },
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

function BuildSections() {
  const projects = useProjects();
  return (
    <Section
      id="hub-projects"
      title="Projects"
      intro="The software behind the posts, small on purpose."
      more={{ to: '/projects', label: 'All projects' }}
    >
      <ResourceView resource={projects} variant="rocket" label="Loading projects">
        {(list) =>
          list.length > 0 ? (
            <ul className="project-grid">
              {list.map((project) => (
                <li key={project.slug}>
                  <ProjectCard project={project} headingLevel={3} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title="No projects yet" headingLevel={3} />
          )
        }
      </ResourceView>
    </Section>
  );
}

function LearnSections() {
  const shelf = useBooks('bookshelf');
  const next = useBooks('reading-list');
  return (
    <div className="hub__columns">
      <Section
        id="hub-reading"
        title="On my desk"
        intro="What I am reading at the moment."
        more={{ to: '/bookshelf', label: 'Bookshelf' }}
      >
        <ResourceView resource={shelf} variant="books" label="Loading the bookshelf">
          {(books) => {
            const reading = books.filter((book) => book.status === 'reading');
            return reading.length > 0 ? (
              <BookGrid books={reading} />
            ) : (
              <EmptyState title="Between books right now" headingLevel={3} />
            );
          }}
        </ResourceView>
      </Section>
      <Section
        id="hub-up-next"
        title="Up next"
        intro="From the reading list."
        more={{ to: '/list', label: 'Reading list' }}
      >
        <ResourceView resource={next} variant="books" label="Loading the reading list">
          {(books) =>
            books.length > 0 ? (
              <BookGrid books={books.slice(0, 6)} />
            ) : (
              <EmptyState title="The list is empty" headingLevel={3} />
            )
          }
        </ResourceView>
      </Section>
    </div>
  );
}

function WriteSections() {
  const journal = useJournal();
  const poems = usePoems();
  return (
    <div className="hub__columns">
      <Section id="hub-journal" title="Journal" more={{ to: '/journal', label: 'All entries' }}>
        <ResourceView resource={journal} variant="typewriter" label="Opening the journal">
          {(entries) => (
            <EntryLinks
              entries={entries.slice(0, 3).map((entry) => ({
                slug: entry.slug,
                title: entry.title,
                date: entry.date,
                excerpt: entry.excerpt_short,
                to: `/journal#${entry.slug}`,
              }))}
            />
          )}
        </ResourceView>
      </Section>
      <Section id="hub-poetry" title="Poetry" more={{ to: '/poetry', label: 'All poems' }}>
        <ResourceView resource={poems} variant="wave" label="Loading poems">
          {(list) => (
            <EntryLinks
              entries={list.slice(0, 3).map((poem) => ({
                slug: poem.slug,
                title: poem.title,
                date: poem.date,
                excerpt: poem.excerpt_short,
                to: `/poetry#${poem.slug}`,
              }))}
            />
          )}
        </ResourceView>
      </Section>
    </div>
  );
}

const RELATED = { build: BuildSections, learn: LearnSections, write: WriteSections } as const;

/** /build, /learn and /write share one page module. */
export default function HubPage({ hub }: { hub: Hub }) {
  const info = HUBS[hub];
  useDocumentMeta({ title: info.title, description: info.summary });
  const posts = usePosts(hub);
  const Related = RELATED[hub];
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
        more={{ to: `/category/${hub}`, label: `Everything in ${info.title}` }}
      >
        <ResourceView resource={posts} variant="documents" label={`Loading ${info.title} posts`}>
          {(list) =>
            list.length > 0 ? (
              <PostList
                posts={list.slice(0, HUB_POST_COUNT)}
                headingLevel={3}
                label="sub-category"
              />
            ) : (
              <EmptyState title="No posts here yet" headingLevel={3}>
                <p>
                  Meanwhile, the <Link to="/blog">blog</Link> has everything else.
                </p>
              </EmptyState>
            )
          }
        </ResourceView>
      </Section>
      <Related />
    </div>
  );
}
