/** GET /api/pages/{slug} (start, welcome, tos, privacy, contact) and GET /api/links. */
import type { FIXED_PAGE_SLUGS, LinksPage, Page } from '@quillpost/domain';
import { useApiResource } from '../../../lib/use-api-resource';
import { isLinksPage, isPage, schemaOf } from './content-guards';

export type FixedPageSlug = (typeof FIXED_PAGE_SLUGS)[number];

const pageSchema = schemaOf(isPage);
const linksPageSchema = schemaOf(isLinksPage);

export function usePage(slug: FixedPageSlug) {
  return useApiResource<Page>(`page:${slug}`, (api, signal) =>
    api.get(`/api/pages/${slug}`, { schema: pageSchema, signal }),
  );
}

export function useLinksPage() {
  return useApiResource<LinksPage>('links', (api, signal) =>
    api.get('/api/links', { schema: linksPageSchema, signal }),
  );
}
