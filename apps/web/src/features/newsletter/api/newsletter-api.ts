/**
 * The newsletter console's calls, one function each, built from the domain's route table and
 * parsed with its response schemas. Components get them through `useNewsletterApi()`, so tests
 * pass a fake API client in through context.
 */
import {
  NEWSLETTER_API_ROUTES as R,
  apiPath,
  newsletterIssueActionResponseSchema,
  newsletterIssueListResponseSchema,
  newsletterIssueResponseSchema,
  newsletterPreviewResponseSchema,
  newsletterSourcesResponseSchema,
  newsletterTestResponseSchema,
  type NewsletterIssueCreate,
  type UncertainResolution,
} from '@quillpost/domain';
import { useMemo } from 'react';
import { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';

type Signal = { signal?: AbortSignal };
const okSchema = z.object({ success: z.literal(true) });
const issuePath = (route: (typeof R)[keyof typeof R], issueId: number) =>
  apiPath(route, { issueId });

export function createNewsletterApi(api: ApiClient) {
  return {
    sources: (o: Signal = {}) =>
      api.get(apiPath(R.sources), { ...o, schema: newsletterSourcesResponseSchema }),
    issues: (o: Signal = {}) =>
      api.get(apiPath(R.issueList), { ...o, schema: newsletterIssueListResponseSchema }),
    issue: (issueId: number, o: Signal = {}) =>
      api.get(issuePath(R.issueGet, issueId), { ...o, schema: newsletterIssueResponseSchema }),
    create: (input: NewsletterIssueCreate) =>
      api.post(apiPath(R.issueCreate), input, { schema: newsletterIssueResponseSchema }),
    remove: (issueId: number) =>
      api.delete(issuePath(R.issueDelete, issueId), undefined, { schema: okSchema }),
    preview: (issueId: number, o: Signal = {}) =>
      api.get(issuePath(R.issuePreview, issueId), {
        ...o,
        schema: newsletterPreviewResponseSchema,
      }),
    sendTest: (issueId: number) =>
      api.post(issuePath(R.issueTest, issueId), undefined, {
        schema: newsletterTestResponseSchema,
      }),
    /** Now, or at `scheduledAt` (an ISO instant). */
    send: (issueId: number, scheduledAt: string | null = null) =>
      api.post(issuePath(R.issueSend, issueId), scheduledAt ? { scheduledAt } : undefined, {
        schema: newsletterIssueActionResponseSchema,
      }),
    pause: (issueId: number) =>
      api.post(issuePath(R.issuePause, issueId), undefined, {
        schema: newsletterIssueActionResponseSchema,
      }),
    resume: (issueId: number) =>
      api.post(issuePath(R.issueResume, issueId), undefined, {
        schema: newsletterIssueActionResponseSchema,
      }),
    cancel: (issueId: number) =>
      api.post(issuePath(R.issueCancel, issueId), undefined, {
        schema: newsletterIssueActionResponseSchema,
      }),
    resolveUncertain: (issueId: number, action: UncertainResolution) =>
      api.post(
        issuePath(R.uncertainResolve, issueId),
        { action },
        { schema: newsletterIssueActionResponseSchema },
      ),
  };
}

export type NewsletterApi = ReturnType<typeof createNewsletterApi>;

export function useNewsletterApi(): NewsletterApi {
  const api = useApiClient();
  return useMemo(() => createNewsletterApi(api), [api]);
}
