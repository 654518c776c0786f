import { messageTemplates, type LinksPage as LinksData, PAGE_PATHS } from '@quillpost/domain';
import { Link, useLoaderData } from 'react-router-dom';
import { useSite } from '../../../lib/use-site';
import { EmptyState } from '../../../components/empty-state';
import { LinkIcon } from '../components/link-icon';
import { ProseContent } from '../components/prose-content';
import type { PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { required } from '../read-results';
import '../components/content.css';
import './links-page.css';

export const loader = async ({ reader }: PageLoaderArgs) => required(await reader.links());

export const meta: PageMetaFunction<typeof loader> = (links) => ({
  title: 'Links',
  description: `Links to everything ${links.title} makes, and where to find ${links.title} online.`,
  path: PAGE_PATHS.links,
  type: 'profile',
});

function hostLabel(url: string): string {
  if (url.startsWith('mailto:')) return url.slice('mailto:'.length);
  try {
    const { host, pathname } = new URL(url);
    return `${host.replace(/^www\./, '')}${pathname === '/' ? '' : pathname}`;
  } catch {
    return url;
  }
}

/** Rendered alone, without the site header and footer: a link-in-bio page. */
export default function LinksPage() {
  const data = useLoaderData() as LinksData;
  // The page's own entries with the owner's profiles where the page put them (see useSite).
  const site = useSite();
  const profiles = site.socialProfiles.map((profile) => ({
    name: profile.label,
    url: profile.url,
    icon: profile.network,
    description: null,
  }));
  const links = [
    ...data.links.slice(0, data.profilesAt),
    ...profiles,
    ...data.links.slice(data.profilesAt),
  ];
  return (
    <main className="links-page" id="main">
      <div className="links-page__column">
        <>
          <header className="links-page__header">
            <span className="links-page__mark" aria-hidden="true">
              {data.title.charAt(0)}
            </span>
            <h1 className="links-page__name">{data.title}</h1>
            <ProseContent html={data.content} variant="compact" className="links-page__bio" />
          </header>
          {links.length > 0 ? (
            <ul className="links-page__list">
              {links.map((link) => (
                <li key={`${link.name}-${link.url}`}>
                  <a className="link-card" href={link.url} rel="noopener">
                    <span className="link-card__icon">
                      <LinkIcon name={link.icon} />
                    </span>
                    <span className="link-card__text">
                      <span className="link-card__name">{link.name}</span>
                      <span className="link-card__detail">
                        {link.description ?? hostLabel(link.url)}
                      </span>
                    </span>
                    <span className="link-card__arrow" aria-hidden="true">
                      →
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title="No links yet" />
          )}
        </>
        <footer className="links-page__footer">
          <Link to={PAGE_PATHS.home}>Visit the whole site</Link>
          <span aria-hidden="true"> · </span>
          <span>{messageTemplates.copyright(new Date().getUTCFullYear(), site.title)}</span>
        </footer>
      </div>
    </main>
  );
}
