import { useEffect, useEffectEvent, useState } from 'react';
import type { ApiClient, ApiFailure, ApiResult } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';

export type Resource<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: ApiFailure };

export type ResourceState<T> = Resource<T> & { reload(): void };

/**
 * Loads what `key` names through the API client from context. A new key (or `reload`) starts a
 * fresh request and aborts the one in flight; an answer for an old key is never shown. While a
 * reload runs, the previous data stays on screen, so lists do not flash after every change.
 */
export function useResource<T>(
  key: string,
  load: (api: ApiClient, signal: AbortSignal) => Promise<ApiResult<T>>,
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
  const sameKey = settled?.key.split('\u0000')[0] === key;
  if (!settled || !sameKey) return { status: 'loading', reload };
  return settled.result.ok
    ? { status: 'ready', data: settled.result.data, reload }
    : { status: 'error', error: settled.result, reload };
}
