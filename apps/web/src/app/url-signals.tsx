/**
 * Query parameters any page may carry (spec section 2):
 * - verify={token}: verify the subscription, then drop the parameter;
 * - verified=true&email={email}: mark the stored subscription verified, drop verified/email/name
 *   (verified=already: the link had been used before, and the notice says so);
 * - verify_error={code}: the API's redirect after a failed link; show its message, drop it;
 * - unsubscribed=true&email={email}: the API's redirect after a newsletter's unsubscribe page; say
 *   so, forget this browser's subscription when it is that address, drop both.
 * /auth/callback's auth_success and auth_error are handled by that page.
 */
import { MESSAGES, messageFor } from '@quillpost/domain';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMembership } from '../lib/membership/membership-context';

export default function UrlSignals() {
  const { search, pathname, hash } = useLocation();
  const navigate = useNavigate();
  const { verifyToken, markVerified, showNotice, forgetSubscription, state, initializing } =
    useMembership();
  const storedEmail = state.subscription?.email.toLowerCase() ?? null;
  const handled = useRef(new Set<string>());

  useEffect(() => {
    const params = new URLSearchParams(search);
    const token = params.get('verify');
    const verified = params.get('verified');
    const email = params.get('email');
    const verifyError = params.get('verify_error');
    const unsubscribed = params.get('unsubscribed');
    if (token === null && verified === null && verifyError === null && unsubscribed === null) {
      return;
    }

    const drop = (...names: string[]) => {
      const next = new URLSearchParams(search);
      for (const name of names) next.delete(name);
      const query = next.toString();
      navigate({ pathname, search: query ? `?${query}` : '', hash }, { replace: true });
    };

    if (token !== null) {
      drop('verify');
      // StrictMode runs effects twice; a token is spent on first use.
      if (token && !handled.current.has(token)) {
        handled.current.add(token);
        void verifyToken(token);
      }
      return;
    }
    if ((verified === 'true' || verified === 'already') && email) {
      drop('verified', 'email', 'name');
      void markVerified(email);
      showNotice({
        tone: 'success',
        text: verified === 'already' ? MESSAGES.ALREADY_CONFIRMED : MESSAGES.VERIFIED,
      });
      return;
    }
    if (verifyError !== null) {
      drop('verify_error');
      showNotice({ tone: 'error', text: messageFor(verifyError) });
      return;
    }
    // Once this browser's stored subscription is known, so the right one is forgotten.
    if (unsubscribed === 'true' && !initializing) {
      drop('unsubscribed', 'email');
      if (email && email.toLowerCase() === storedEmail) forgetSubscription('unsubscribed');
      showNotice({ tone: 'success', text: MESSAGES.UNSUBSCRIBED });
    }
  }, [
    search,
    pathname,
    hash,
    navigate,
    verifyToken,
    markVerified,
    showNotice,
    forgetSubscription,
    storedEmail,
    initializing,
  ]);

  return null;
}
