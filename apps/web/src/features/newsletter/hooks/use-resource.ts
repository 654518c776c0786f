import { useEffect, useEffectEvent, useState } from 'react';
import type { ApiFailure, ApiResult } from '../../../lib/api-client';

export type Resource<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: ApiFailure };

export type ResourceState<T> = Resource<T> & { reload(): void };

export interface ResourceOptions<T> {
  /** Fetch again this often while `pollWhile` says so (a running send's progress). */
  pollMs?: number;
  pollWhile?: (data: T) => boolean;
}

/**
 * Loads what `key` names; a new key or `reload` starts over and aborts the request in flight.
 * While polling, the last answer stays on screen, so numbers tick instead of flashing.
 */
export function useResource<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<ApiResult<T>>,
  { pollMs, pollWhile }: ResourceOptions<T> = {},
): ResourceState<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ key: string; result: ApiResult<T> } | null>(null);
  const start = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    const controller = new AbortController();
    void start(controller.signal).then((result) => {
      if (!controller.signal.aborted) setSettled({ key, result });
    });
    return () => controller.abort();
  }, [key, attempt]);

  const current = settled?.key === key ? settled.result : null;
  const polling = Boolean(pollMs && current?.ok && pollWhile?.(current.data));
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => setAttempt((count) => count + 1), pollMs);
    return () => clearTimeout(timer);
  }, [polling, pollMs, settled]);

  const reload = () => setAttempt((count) => count + 1);
  if (!current) return { status: 'loading', reload };
  return current.ok
    ? { status: 'ready', data: current.data, reload }
    : { status: 'error', error: current, reload };
}
