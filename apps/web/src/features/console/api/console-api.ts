/**
 * The owner's console's calls (people and roles, subscribers, moving in and out, analytics,
 * settings, site.yml, events, the fediverse), one function each, by endpoint name from the domain's catalogue,
 * their answers checked with its response schemas. Sections get them through `useConsoleApi()`,
 * so tests pass a fake API client in through context. (Writing and the newsletter have their own.)
 */
import {
  type AssignableRole,
  type EndpointBody,
  type EndpointQuery,
  type EventInput,
  type FediverseBlockCreate,
  type SubscriberFilter,
  type TrafficQuery,
} from '@quillpost/domain';
import { useMemo } from 'react';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { withResponseChecks } from '../../../lib/checked-api-client';

type Signal = { signal?: AbortSignal };

export function createConsoleApi(client: ApiClient) {
  const api = withResponseChecks(client);
  return {
    users: (q: string, page: number, o: Signal = {}) =>
      api.call('adminUsers', { ...o, query: { q, page } }),
    assignRole: (userId: number, role: AssignableRole) =>
      api.call('adminRoleAssign', { params: { userId }, body: { role } }),
    liftBan: (userId: number) => api.call('userUnban', { params: { userId } }),
    permanentBan: (userId: number, reason: string) =>
      api.call('adminBan', { params: { userId }, body: { reason } }),
    deleteUser: (userId: number) => api.call('adminUserDelete', { params: { userId } }),
    subscribers: (status: SubscriberFilter | '', q: string, page: number, o: Signal = {}) =>
      api.call('adminSubscribers', { ...o, query: { status: status || undefined, q, page } }),
    subscribersExportUrl: (status: SubscriberFilter | '') =>
      api.url('adminSubscribersExport', { query: { status: status || undefined } }),
    importSubscribers: (csv: string) => api.call('adminSubscribersImport', { body: { csv } }),
    importExport: (file: Blob, query: EndpointQuery<'adminImport'>) =>
      api.call('adminImport', {
        query,
        // The export's bytes as they are: the API takes them as application/octet-stream.
        file: new Blob([file], { type: 'application/octet-stream' }),
      }),
    everythingUrl: () => api.url('adminExport'),
    subscriber: (subscriberId: number, o: Signal = {}) =>
      api.call('adminSubscriber', { ...o, params: { subscriberId } }),
    unsubscribeSubscriber: (subscriberId: number) =>
      api.call('adminSubscriberUnsubscribe', { params: { subscriberId } }),
    analytics: (o: Signal = {}) => api.call('adminAnalytics', o),
    traffic: (query: TrafficQuery, o: Signal = {}) =>
      api.call('adminAnalyticsTraffic', { ...o, query }),
    /** The newsletter issue made from a page, with its results, if one went out. */
    pageIssue: (path: string, o: Signal = {}) =>
      api.call('adminAnalyticsIssue', { ...o, query: { path } }),
    settings: (o: Signal = {}) => api.call('adminSettingsGet', o),
    updateSettings: (patch: EndpointBody<'adminSettingsUpdate'>) =>
      api.call('adminSettingsUpdate', { body: patch }),
    syncContent: () => api.call('adminContentSync'),
    siteFile: (o: Signal = {}) => api.call('adminSiteGet', o),
    updateSite: (values: EndpointBody<'adminSiteUpdate'>) =>
      api.call('adminSiteUpdate', { body: values }),
    adminEvents: (o: Signal = {}) => api.call('adminEvents', o),
    createEvent: (input: EventInput) => api.call('adminEventCreate', { body: input }),
    updateEvent: (eventId: number, input: EventInput) =>
      api.call('adminEventUpdate', { params: { eventId }, body: input }),
    deleteEvent: (eventId: number) => api.call('adminEventDelete', { params: { eventId } }),
    fediverse: (o: Signal = {}) => api.call('adminFediverse', o),
    fediverseFollowers: (page: number, o: Signal = {}) =>
      api.call('adminFediverseFollowers', { ...o, query: { page } }),
    fediverseDeliveries: (o: Signal = {}) => api.call('adminFediverseDeliveries', o),
    heldReplies: (o: Signal = {}) =>
      api.call('adminRemoteReplies', { ...o, query: { status: 'held' } }),
    approveReply: (replyId: number) => api.call('adminRemoteReplyApprove', { params: { replyId } }),
    rejectReply: (replyId: number) => api.call('adminRemoteReplyReject', { params: { replyId } }),
    fediverseBlocks: (o: Signal = {}) => api.call('adminFediverseBlocks', o),
    block: (block: FediverseBlockCreate) => api.call('adminFediverseBlockCreate', { body: block }),
    unblock: (blockId: number) => api.call('adminFediverseBlockDelete', { params: { blockId } }),
  };
}

export type ConsoleApi = ReturnType<typeof createConsoleApi>;

export function useConsoleApi(): ConsoleApi {
  const api = useApiClient();
  return useMemo(() => createConsoleApi(api), [api]);
}
