import type { ApiClient, ApiResult } from './api-client';
import { useApiResource, type ResourceState } from './use-api-resource';

export type { Resource, ResourceState } from './use-api-resource';

/** Members' lists change in place, so a reload keeps the previous data on screen (no flash). */
export function useResource<T>(
  key: string,
  load: (api: ApiClient, signal: AbortSignal) => Promise<ApiResult<T>>,
): ResourceState<T> {
  return useApiResource(key, load, { keepDataWhileReloading: true });
}
