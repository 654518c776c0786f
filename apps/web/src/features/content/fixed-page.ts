/** The loader and head of a page written as content/pages/<slug>.md (start, welcome, tos, …). */
import { PAGE_PATHS, type FixedPageSlug, type Page } from '@quillpost/domain';
import type { PageLoader, PageMetaFunction } from '../../lib/route-handle';
import { required } from './read-results';

export const fixedPageLoader =
  (slug: FixedPageSlug): PageLoader<Page> =>
  async ({ reader }) =>
    required(await reader.page(slug));

export const fixedPageMeta =
  (slug: FixedPageSlug): PageMetaFunction<PageLoader<Page>> =>
  (page) => ({
    title: page.title,
    description: page.description ?? page.title,
    path: PAGE_PATHS[slug],
    type: slug === 'start' ? 'profile' : 'website',
    card: `/og/page/${slug}.png`,
  });
