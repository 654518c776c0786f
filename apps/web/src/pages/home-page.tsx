import type { Post } from '@quillpost/domain';
import { Link } from 'react-router-dom';
import { SITE_TAGLINE } from '../app/site';
import { EmptyState } from '../components/empty-state';
import { usePosts } from '../features/content/api/posts';
import { PostList } from '../features/content/components/post-list';
import { ResourceView } from '../features/content/components/resource-view';
import { SubscribeCall } from '../features/content/components/subscribe-call';
import { HUB_IDS, HUBS } from '../features/content/hubs';
import { formatDate, machineDate } from '../features/content/utils/format';
import { useDocumentMeta } from '../lib/document-meta';
import '../features/content/components/content.css';
import './home-page.css';

const LATEST_COUNT = 5;

function HubCards({ posts }: { posts: readonly Post[] }) {
  return (
    <ul className="hub-cards">
      {HUB_IDS.map((id) => {
        const hub = HUBS[id];
        const latest = posts.find((post) => post.category === id);
        return (
          <li key={id} className="hub-card">
            <h3 className="hub-card__title">
              <Link to={hub.path}>{hub.title}</Link>
            </h3>
            <p className="hub-card__summary">{hub.summary}</p>
            {latest ? (
              <p className="hub-card__latest">
                <span className="hub-card__label">Latest</span>
                <Link to={`/posts/${latest.slug}`}>{latest.title}</Link>
                <time dateTime={machineDate(latest.date)}>{formatDate(latest.date)}</time>
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

export default function HomePage() {
  useDocumentMeta({});
  const posts = usePosts();

  return (
    <div className="page home">
      <header className="home__intro">
        <p className="page__eyebrow">{SITE_TAGLINE}</p>
        <h1 className="home__title">
          Hello, I’m Rowan. I build small tools, learn in public and write.
        </h1>
        <p className="page__lede">
          I’m a software engineer in Bristol and a writer by habit. This is where I keep essays on
          building software, notes from what I’m learning, a journal, some poetry and the books on
          my desk.
        </p>
        <p className="home__actions">
          <Link className="button button--primary" to="/start">
            Start here
          </Link>
          <Link className="button" to="/blog">
            Read the blog
          </Link>
        </p>
      </header>

      <section className="section home__latest" aria-labelledby="home-latest">
        <div className="section__head">
          <h2 id="home-latest" className="section__title">
            Latest writing
          </h2>
          <Link className="more-link" to="/blog">
            All posts <span aria-hidden="true">→</span>
          </Link>
        </div>
        <ResourceView resource={posts} variant="documents" label="Loading the latest writing">
          {(list) =>
            list.length > 0 ? (
              <PostList posts={list.slice(0, LATEST_COUNT)} headingLevel={3} />
            ) : (
              <EmptyState title="Nothing published yet" headingLevel={3}>
                <p>New writing will appear here. Subscribe below to hear when it does.</p>
              </EmptyState>
            )
          }
        </ResourceView>
      </section>

      <section className="section" aria-labelledby="home-hubs">
        <div className="section__head">
          <h2 id="home-hubs" className="section__title">
            Three ways in
          </h2>
        </div>
        <HubCards posts={posts.status === 'ready' ? posts.data : []} />
      </section>

      <SubscribeCall source="home" />
    </div>
  );
}
