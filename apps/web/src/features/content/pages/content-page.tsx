import { pagePath } from '@quillpost/domain';
import type { PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { FixedPage } from '../components/fixed-page';
import { required } from '../read-results';
import NotFoundPage from './not-found-page';

/**
 * /{slug}: any other page the owner wrote as content/pages/<slug>.md (an About page, a colophon,
 * the pages an import brought in). Any other single-segment path finds no page: the not-found
 * page, with its 404.
 */
export const loader = async ({ reader, params }: PageLoaderArgs) =>
  required(await reader.page(params.slug ?? ''));

export const meta: PageMetaFunction<typeof loader> = (page) => ({
  title: page.title,
  description: page.description ?? page.title,
  path: pagePath('contentPage', { slug: page.slug }),
  type: 'website',
  card: `/og/page/${page.slug}.png`,
});

export default function ContentPage() {
  return <FixedPage />;
}

export const ErrorBoundary = NotFoundPage;
