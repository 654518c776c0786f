import { PAGE_PATHS, pagePath, type Site } from '@quillpost/domain';
import { Link, useLoaderData } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { useSite } from '../../../lib/use-site';
import { summarizePost, type PostSummary } from '../api/posts';
import { PostList } from '../components/post-list';
import { SubscribeCall } from '../components/subscribe-call';
import { FollowBox } from '../components/follow-box';
import { HUB_IDS, HUBS, type HubId } from '../hubs';
import type { LoaderData, PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { person } from '../publication';
import { countsOrNone, postsOrEmpty } from '../read-results';
import { ContentDate } from '../components/content-date';
import '../components/content.css';
import './home-page.css';

const LATEST_COUNT = 5;

export async function loader({ reader }: PageLoaderArgs) {
  const [read, counts] = await Promise.all([reader.posts(), reader.commentCounts()]);
  const posts = postsOrEmpty(read);
  const latestIn = (hub: HubId) => posts.find((post) => post.category === hub);
  return {
    latest: posts.slice(0, LATEST_COUNT).map(summarizePost),
    commentCounts: countsOrNone(counts),
    latestByHub: Object.fromEntries(
      HUB_IDS.map((hub) => {
        const latest = latestIn(hub);
        return [hub, latest ? summarizePost(latest) : null];
      }),
    ) as Record<HubId, PostSummary | null>,
  };
}

type HomeData = LoaderData<typeof loader>;

export const meta: PageMetaFunction<typeof loader> = (_data, publication) => {
  const { site, publicUrl } = publication;
  return {
    description: site.description,
    path: PAGE_PATHS.home,
    jsonLd: [
      {
        '@type': 'WebSite',
        name: site.title,
        url: `${publicUrl}/`,
        description: site.description,
        inLanguage: site.language,
        author: { '@type': 'Person', name: site.owner.name },
      },
      person(publication),
    ],
  };
};

/**
 * The owner's introduction (site.yml's `intro`, Markdown the API rendered): its own first heading
 * is the page's title; without one, the site's title is.
 */
function Introduction({ site }: { site: Site }) {
  const titled = /^\s*<h1[\s>]/.test(site.intro);
  return (
    <>
      {titled ? null : <h1 className="home__title">{site.title}</h1>}
      {site.intro ? (
        <div className="home__intro-text" dangerouslySetInnerHTML={{ __html: site.intro }} />
      ) : null}
    </>
  );
}

const WAYS_IN = ['', '', 'Two ways in', 'Three ways in'] as const;

/**
 * A card for each hub that holds something (a new site's empty hubs would show words nobody
 * wrote for them); none when only one does, since its card would repeat the latest writing.
 */
function HubCards({ latestByHub }: { latestByHub: HomeData['latestByHub'] }) {
  const site = useSite();
  const shown = HUB_IDS.filter((id) => site.sections[id]);
  if (shown.length < 2) return null;
  return (
    <section className="section" aria-labelledby="home-hubs">
      <div className="section__head">
        <h2 id="home-hubs" className="section__title">
          {WAYS_IN[shown.length]}
        </h2>
      </div>
      <ul className="hub-cards">
        {shown.map((id) => {
          const hub = HUBS[id];
          const latest: PostSummary | null = latestByHub[id];
          return (
            <li key={id} className="hub-card">
              <h3 className="hub-card__title">
                <Link to={hub.path}>{hub.title}</Link>
              </h3>
              <p className="hub-card__summary">{site.hubs[id].summary}</p>
              {latest ? (
                <p className="hub-card__latest">
                  <span className="hub-card__label">Latest</span>
                  <Link to={pagePath('post', { slug: latest.slug })}>{latest.title}</Link>
                  <ContentDate iso={latest.date} />
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default function HomePage() {
  const { latest, latestByHub, commentCounts } = useLoaderData() as HomeData;
  const site = useSite();

  return (
    <div className="page home">
      <header className="home__intro">
        {site.owner.avatarUrl ? (
          <img
            className="home__avatar"
            src={site.owner.avatarUrl}
            alt={site.owner.name}
            width={72}
            height={72}
          />
        ) : null}
        {site.tagline ? <p className="page__eyebrow">{site.tagline}</p> : null}
        <Introduction site={site} />
        <p className="home__actions">
          <Link className="button button--primary" to={PAGE_PATHS.start}>
            Start Here
          </Link>
          <Link className="button" to={PAGE_PATHS.blog}>
            Read the Blog
          </Link>
        </p>
      </header>

      <section className="section home__latest" aria-labelledby="home-latest">
        <div className="section__head">
          <h2 id="home-latest" className="section__title">
            Latest writing
          </h2>
          <Link className="more-link" to={PAGE_PATHS.blog}>
            All posts <span aria-hidden="true">→</span>
          </Link>
        </div>
        {latest.length > 0 ? (
          <PostList posts={latest} headingLevel={3} commentCounts={commentCounts} />
        ) : (
          <EmptyState title="Nothing published yet" headingLevel={3}>
            <p>New writing will appear here. Subscribe below to hear when it does.</p>
          </EmptyState>
        )}
      </section>

      <HubCards latestByHub={latestByHub} />

      <SubscribeCall source="home" />
      <FollowBox />
    </div>
  );
}
