/**
 * The editor's calls, one function each, by endpoint name from the domain's catalogue, their
 * answers checked with its response schemas. Components get them through `useWritingApi()`, so
 * tests pass a fake API client in through context.
 */
import type { ContentKind, FrontMatterValues } from '@quillpost/domain';
import { useMemo } from 'react';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { withResponseChecks } from '../../../lib/checked-api-client';

type Signal = { signal?: AbortSignal };

export function createWritingApi(client: ApiClient) {
  const api = withResponseChecks(client);
  return {
    list: (o: Signal = {}) => api.call('adminWritingList', o),
    create: (kind: ContentKind, title: string) =>
      api.call('adminWritingCreate', { body: { kind, title } }),
    open: (path: string, o: Signal = {}) => api.call('adminWritingFile', { ...o, query: { path } }),
    save: (draft: {
      path: string;
      version: string;
      frontMatter: FrontMatterValues;
      body: string;
    }) => api.call('adminWritingSave', { body: draft }),
    remove: (path: string) => api.call('adminWritingRemove', { query: { path } }),
    preview: (kind: ContentKind, body: string, o: Signal = {}) =>
      api.call('adminWritingPreview', { ...o, body: { kind, body } }),
    revisions: (path: string, o: Signal = {}) =>
      api.call('adminWritingRevisions', { ...o, query: { path } }),
    revision: (revisionId: number, o: Signal = {}) =>
      api.call('adminWritingRevision', { ...o, params: { revisionId } }),
    restoreRevision: (revisionId: number, version: string) =>
      api.call('adminWritingRevisionRestore', { params: { revisionId }, body: { version } }),
    trash: (o: Signal = {}) => api.call('adminWritingTrash', o),
    restoreFromTrash: (trashId: number) =>
      api.call('adminWritingTrashRestore', { params: { trashId } }),
    upload: (file: File) => api.call('adminImageUpload', { query: { name: file.name }, file }),
    /** Publish and email: a newsletter issue of the post, sent from the newsletter console. */
    newsletterIssue: (slug: string, subject: string) =>
      api.call('newsletterIssueCreate', { body: { kind: 'post', slug, subject } }),
  };
}

export type WritingApi = ReturnType<typeof createWritingApi>;

export function useWritingApi(): WritingApi {
  const api = useApiClient();
  return useMemo(() => createWritingApi(api), [api]);
}
