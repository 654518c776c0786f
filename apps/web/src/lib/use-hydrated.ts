import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates server HTML (and on the server), true after, and true at once in a
 * component first mounted by a client-side navigation. For what only the browser knows, such as
 * history state, so hydration renders what the server did and then updates.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
