import { useEffect, useEffectEvent, useState } from 'react';
import type { ApiClient, ApiFailure, ApiResult } from './api-client';
import { useApiClient } from './api-context';

export type Resource<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: ApiFailure };

export type ResourceState<T> = Resource<T> & { reload(): void };

export type ResourceLoader<T> = (api: ApiClient, signal: AbortSignal) => Promise<ApiResult<T>>;

export interface ResourceOptions<T> {
  /** While a reload runs, keep the previous data on screen (lists that change in place). */
  keepDataWhileReloading?: boolean;
  /** Fetch again this often while `pollWhile` says so (a running send's progress). */
  pollMs?: number;
  pollWhile?: (data: T) => boolean;
}

/**
 * Loads whatever `key` names through the API client from context. A new key (or `reload`) starts
 * a fresh request and aborts the one in flight; an answer for an old key is never shown.
 */
export function useApiResource<T>(
  key: string,
  load: ResourceLoader<T>,
  { keepDataWhileReloading = false, pollMs, pollWhile }: ResourceOptions<T> = {},
): ResourceState<T> {
  const api = useApiClient();
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ key: string; result: ApiResult<T> } | null>(null);
  const requestKey = `${key}\u0000${attempt}`;
  const start = useEffectEvent((signal: AbortSignal) => load(api, signal));

  useEffect(() => {
    const controller = new AbortController();
    void start(controller.signal).then((result) => {
      if (!controller.signal.aborted) setSettled({ key: requestKey, result });
    });
    return () => controller.abort();
  }, [requestKey]);

  const reload = () => setAttempt((count) => count + 1);
  // Polling keeps the last answer on screen, so numbers tick instead of flashing.
  const current =
    keepDataWhileReloading || pollMs
      ? settled?.key.split('\u0000')[0] === key
      : settled?.key === requestKey;
  const polling = Boolean(
    pollMs && current && settled?.result.ok && pollWhile?.(settled.result.data),
  );
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => setAttempt((count) => count + 1), pollMs);
    return () => clearTimeout(timer);
  }, [polling, pollMs, settled]);
  if (!settled || !current) return { status: 'loading', reload };
  return settled.result.ok
    ? { status: 'ready', data: settled.result.data, reload }
    : { status: 'error', error: settled.result, reload };
}
