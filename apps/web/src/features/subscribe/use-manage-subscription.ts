/**
 * /manage's calls and state for the stored subscription: its newsletter preferences (loaded and
 * saved), unsubscribing and deleting. Changes need proof of ownership: the manage token from an
 * email link (?manage=token, kept in memory only and taken out of the address bar) or a sign-in
 * with that address. The membership context stays the one writer of stored state: leaving goes
 * through `forgetSubscription`.
 */
import {
  DEFAULT_NEWSLETTER_PREFERENCES,
  MESSAGES,
  type NewsletterPreferences,
} from '@quillpost/domain';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ApiFailure } from '../../lib/api-client';
import { useApiClient } from '../../lib/api-context';
import { useMembership } from '../../lib/membership/membership-context';

export type Feedback = { tone: 'success' | 'error'; text: string } | null;

/** A failure's text: the spec's own for a lost connection, else the server's. */
const failure = (result: ApiFailure, offline: string): Feedback => ({
  tone: 'error',
  text: result.code === 'NETWORK_ERROR' ? offline : result.message,
});

export function useManageSubscription() {
  const api = useApiClient();
  const membership = useMembership();
  const subscription = membership.state.subscription;
  const email = subscription?.email ?? null;

  const [params, setParams] = useSearchParams();
  const [manageToken] = useState(() => params.get('manage'));
  useEffect(() => {
    if (params.has('manage')) {
      const next = new URLSearchParams(params);
      next.delete('manage');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);
  const headers = manageToken ? { 'X-Manage-Token': manageToken } : undefined;

  const [preferences, setPreferences] = useState<NewsletterPreferences | null>(null);
  /** `locked`: this browser cannot prove it owns the address, so the defaults show, disabled. */
  const [preferencesState, setPreferencesState] = useState<'loading' | 'ready' | 'locked'>(
    'loading',
  );
  const [preferencesFeedback, setPreferencesFeedback] = useState<Feedback>(null);
  const [savingPreferences, setSavingPreferences] = useState(false);
  const [leaveFeedback, setLeaveFeedback] = useState<Feedback>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!email) return;
    let active = true;
    void api
      .call('subscriptionGet', {
        query: { email },
        headers: manageToken ? { 'X-Manage-Token': manageToken } : undefined,
      })
      .then((result) => {
        if (!active) return;
        setPreferences(
          result.ok
            ? { ...DEFAULT_NEWSLETTER_PREFERENCES, ...result.data.subscription.preferences }
            : { ...DEFAULT_NEWSLETTER_PREFERENCES },
        );
        setPreferencesState(result.ok ? 'ready' : 'locked');
      });
    return () => {
      active = false;
    };
  }, [api, email, manageToken]);

  async function savePreferences() {
    if (!preferences || !email) return;
    setSavingPreferences(true);
    const result = await api.call('subscriptionPreferencesUpdate', {
      body: { email, preferences },
      headers,
    });
    setSavingPreferences(false);
    setPreferencesFeedback(
      result.ok
        ? { tone: 'success', text: MESSAGES.PREFERENCES_UPDATED }
        : failure(result, MESSAGES.PREFERENCES_UPDATE_FAILED),
    );
  }

  async function unsubscribe() {
    if (!email) return;
    setBusy(true);
    const result = await api.call('unsubscribe', { body: { email }, headers });
    setBusy(false);
    if (!result.ok) return setLeaveFeedback(failure(result, MESSAGES.UNSUBSCRIBE_FAILED));
    // Without proof of ownership the API mails a confirmation link instead of unsubscribing;
    // `data.unsubscribed` says which happened.
    if (result.data.data.unsubscribed) {
      membership.forgetSubscription('unsubscribed');
      setLeaveFeedback({ tone: 'success', text: MESSAGES.UNSUBSCRIBED });
    } else {
      setLeaveFeedback({ tone: 'success', text: MESSAGES.UNSUBSCRIBE_LINK_SENT });
    }
  }

  async function deleteData() {
    if (!email) return;
    setBusy(true);
    const result = await api.call('subscriptionDelete', {
      body: { email, confirmDelete: true },
      headers,
    });
    setBusy(false);
    if (!result.ok) return setLeaveFeedback(failure(result, MESSAGES.ACCOUNT_DELETE_FAILED));
    membership.forgetSubscription('account-deleted');
    setLeaveFeedback({ tone: 'success', text: MESSAGES.ACCOUNT_DELETED });
  }

  return {
    subscription,
    preferences,
    setPreferences,
    preferencesState,
    preferencesFeedback,
    savingPreferences,
    savePreferences,
    leaveFeedback,
    busy,
    unsubscribe,
    deleteData,
  };
}
