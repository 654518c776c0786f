import { initialMembershipState, membershipReducer, type MembershipEvent } from '@quillpost/domain';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { useApiClient } from '../api-context';
import { useStorage } from '../storage-context';
import { loadMembership } from './startup';
import { clearOnLogout, clearStaleOAuthMarker, readWasAuthenticated } from './stored-state';

/**
 * Who the visitor is, as the API and this browser's storage say: read once on arrival, again on
 * `refresh` (after a sign-in), and ended by `logout`. `dispatch` moves the membership state on
 * for what is decided elsewhere (a subscription, a verification).
 */
export function useSession(now: () => number) {
  const api = useApiClient();
  const storage = useStorage();
  const [state, dispatch] = useReducer(membershipReducer, initialMembershipState);
  const [wasPreviouslyAuthenticated, setWasPreviouslyAuthenticated] = useState(() =>
    readWasAuthenticated(storage),
  );

  const apply = useCallback(
    (events: MembershipEvent[]) => {
      for (const event of events) dispatch(event);
      setWasPreviouslyAuthenticated(readWasAuthenticated(storage));
    },
    [storage],
  );

  const refresh = useCallback(
    () => loadMembership(api, storage).then(apply),
    [api, storage, apply],
  );

  useEffect(() => {
    clearStaleOAuthMarker(storage, now());
    let active = true;
    void loadMembership(api, storage).then((events) => {
      if (active) apply(events);
    });
    return () => {
      active = false;
    };
  }, [api, storage, now, apply]);

  const logout = useCallback(async () => {
    const result = await api.call('logout');
    if (!result.ok) {
      dispatch({ type: 'failed', error: 'LOGOUT_FAILED' });
      return false;
    }
    clearOnLogout(storage);
    dispatch({ type: 'logged-out' });
    return true;
  }, [api, storage]);

  return { state, dispatch, wasPreviouslyAuthenticated, refresh, logout };
}
