import {
  MEMBERS_DASHBOARD_PATH,
  MESSAGES,
  nameToCall,
  PAGE_PATHS,
  safeReturnPath,
  SUBSCRIBE_REDIRECT_DELAY_MS,
  type OAuthProvider,
} from '@quillpost/domain';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useApiClient } from '../../lib/api-context';
import { useMembership } from '../../lib/membership/membership-context';
import { useStorage } from '../../lib/storage-context';
import { useSite } from '../../lib/use-site';
import { prefersRedirect, startOAuthSignIn, type OAuthOutcome } from './oauth';
import { useSignIn } from './sign-in-context';

/** Choosing a way in, waiting on a provider, then the welcome before going on. */
export type SignInPhase = 'choose' | 'loading' | 'success';

/**
 * Where a sign-in stands and what moves it on: a provider's popup (or redirect), a magic link's
 * answer, or closing the dialog, which stops whatever is under way and clears the error.
 */
export function useSignInFlow() {
  const { options, closeSignIn } = useSignIn();
  const membership = useMembership();
  const ownerName = useSite().owner.name;
  const api = useApiClient();
  const storage = useStorage();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<SignInPhase>('choose');
  const [error, setError] = useState<string | null>(null);
  const [welcomeName, setWelcomeName] = useState<string | null>(null);
  const cancelFlow = useRef<() => void>(() => {});
  const destination = useRef<string>(MEMBERS_DASHBOARD_PATH);
  const { pathname, search } = useLocation();
  // Asked for from a members page (the console among them), sign-in comes back to it.
  const here = pathname.startsWith(`${PAGE_PATHS.members}/`) ? `${pathname}${search}` : null;
  const returnUrl = safeReturnPath(options.returnUrl ?? here ?? MEMBERS_DASHBOARD_PATH);

  useEffect(() => () => cancelFlow.current(), []);

  // After the welcome, go where the sign-in was meant to lead.
  useEffect(() => {
    if (phase !== 'success') return;
    const timer = setTimeout(() => {
      closeSignIn();
      navigate(destination.current);
    }, SUBSCRIBE_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase, closeSignIn, navigate]);

  const close = () => {
    cancelFlow.current();
    setError(null);
    membership.clearError();
    closeSignIn();
  };

  async function succeed(name: string | null, next: string | null) {
    await membership.refresh();
    destination.current = safeReturnPath(next ?? returnUrl);
    setWelcomeName(name);
    setError(null);
    setPhase('success');
  }

  function onOutcome(outcome: OAuthOutcome) {
    switch (outcome.type) {
      case 'redirecting':
        return; // the page is about to leave
      case 'success':
        void succeed(outcome.name, outcome.returnUrl);
        return;
      default:
        setError(outcome.message);
        setPhase('choose');
    }
  }

  function signInWith(provider: OAuthProvider) {
    setError(null);
    setPhase('loading');
    cancelFlow.current = startOAuthSignIn({
      provider,
      api,
      storage,
      returnUrl,
      mobile: prefersRedirect(),
      onOutcome,
    });
  }

  return {
    phase,
    returnUrl,
    error: error ?? (membership.state.error ? MESSAGES[membership.state.error] : null),
    // The name the sign-in answered, else the one the account is called by (the owner's from
    // site.yml): an owner without a profile name is not "User".
    welcomeName:
      welcomeName ??
      (membership.state.user
        ? nameToCall(membership.state.user, membership.state.level, ownerName)
        : null),
    close,
    signInWith,
    succeed: (name: string | null, next: string | null) => void succeed(name, next),
  };
}

export type SignInFlow = ReturnType<typeof useSignInFlow>;
