import { FOOTER_LINKS, MOBILE_MENU_LINKS, type Page } from '@quillpost/domain';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useDocumentMeta } from '../../../lib/document-meta';
import { usePage, type FixedPageSlug } from '../api/pages';
import { formatDate, humanize, machineDate } from '../utils/format';
import { ProseContent } from './prose-content';
import { ResourceView } from './resource-view';
import './content.css';

function PageBody({
  page,
  eyebrow,
  after,
}: {
  page: Page;
  eyebrow?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <article aria-labelledby="page-title">
      <PageHeader
        eyebrow={eyebrow}
        title={<span id="page-title">{page.title}</span>}
        lede={page.description}
      />
      <ProseContent html={page.content} />
      {page.updated_at ? (
        <p className="ui-text muted fixed-page__updated">
          Last updated{' '}
          <time dateTime={machineDate(page.updated_at)}>{formatDate(page.updated_at)}</time>
        </p>
      ) : null}
      {after}
    </article>
  );
}

/** The name the site's menus give a page, for the tab title until the page itself arrives. */
function menuLabel(slug: FixedPageSlug): string {
  const path = `/${slug}`;
  return (
    FOOTER_LINKS.find((link) => link.path === path)?.label ??
    MOBILE_MENU_LINKS.find((link) => link.path === path)?.label ??
    humanize(slug)
  );
}

/** A page whose words live in content/pages (start, welcome, tos, privacy, contact). */
export function FixedPage({
  slug,
  eyebrow,
  after,
}: {
  slug: FixedPageSlug;
  eyebrow?: ReactNode;
  after?: ReactNode;
}) {
  const page = usePage(slug);
  const title = page.status === 'ready' ? page.data.title : menuLabel(slug);
  useDocumentMeta({
    title,
    description: page.status === 'ready' ? (page.data.description ?? undefined) : undefined,
  });
  return (
    <div className="page page--reading">
      <ResourceView resource={page} variant="documents" label={`Loading ${title}`}>
        {(loaded) => <PageBody page={loaded} eyebrow={eyebrow} after={after} />}
      </ResourceView>
    </div>
  );
}
