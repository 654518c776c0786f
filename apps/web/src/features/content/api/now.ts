/** GET /api/now, GET /api/now/archives and GET /api/now/archives/{slug}. */
import type { NowArchiveSummary, NowPage } from '@quillpost/domain';
import { useApiResource } from '../../../lib/use-api-resource';
import { isNowArchiveSummary, isNowPage, listOf, schemaOf } from './content-guards';

const nowPageSchema = schemaOf(isNowPage);
const nowArchiveListSchema = schemaOf(listOf(isNowArchiveSummary));

export function useNowPage() {
  return useApiResource<NowPage>('now', (api, signal) =>
    api.get('/api/now', { schema: nowPageSchema, signal }),
  );
}

export function useNowArchives() {
  return useApiResource<NowArchiveSummary[]>('now-archives', (api, signal) =>
    api.get('/api/now/archives', { schema: nowArchiveListSchema, signal }),
  );
}

export function useNowArchive(slug: string) {
  return useApiResource<NowPage>(`now-archive:${slug}`, (api, signal) =>
    api.get(`/api/now/archives/${encodeURIComponent(slug)}`, { schema: nowPageSchema, signal }),
  );
}
