/**
 * The newsletter console's calls, one function each, by endpoint name from the domain's
 * catalogue, their answers checked with its response schemas. Components get them through
 * `useNewsletterApi()`, so tests pass a fake API client in through context.
 */
import type { NewsletterIssueCreate, UncertainResolution } from '@quillpost/domain';
import { useMemo } from 'react';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { withResponseChecks } from '../../../lib/checked-api-client';

type Signal = { signal?: AbortSignal };

export function createNewsletterApi(client: ApiClient) {
  const api = withResponseChecks(client);
  const issue = (issueId: number) => ({ params: { issueId } });
  return {
    sources: (o: Signal = {}) => api.call('newsletterSources', o),
    issues: (o: Signal = {}) => api.call('newsletterIssueList', o),
    issue: (issueId: number, o: Signal = {}) =>
      api.call('newsletterIssueGet', { ...o, ...issue(issueId) }),
    create: (input: NewsletterIssueCreate) => api.call('newsletterIssueCreate', { body: input }),
    remove: (issueId: number) => api.call('newsletterIssueDelete', issue(issueId)),
    preview: (issueId: number, o: Signal = {}) =>
      api.call('newsletterIssuePreview', { ...o, ...issue(issueId) }),
    sendTest: (issueId: number) => api.call('newsletterIssueTest', issue(issueId)),
    /** Now, or at `scheduledAt` (an ISO instant). */
    send: (issueId: number, scheduledAt: string | null = null) =>
      api.call('newsletterIssueSend', {
        ...issue(issueId),
        body: scheduledAt ? { scheduledAt } : undefined,
      }),
    pause: (issueId: number) => api.call('newsletterIssuePause', issue(issueId)),
    resume: (issueId: number) => api.call('newsletterIssueResume', issue(issueId)),
    cancel: (issueId: number) => api.call('newsletterIssueCancel', issue(issueId)),
    resolveUncertain: (issueId: number, action: UncertainResolution) =>
      api.call('newsletterUncertainResolve', { ...issue(issueId), body: { action } }),
    /** Checks MAIL_FROM's domain and mails the signed-in owner a test message. */
    checkDeliverability: () => api.call('newsletterDeliverability'),
  };
}

export type NewsletterApi = ReturnType<typeof createNewsletterApi>;

export function useNewsletterApi(): NewsletterApi {
  const api = useApiClient();
  return useMemo(() => createNewsletterApi(api), [api]);
}
