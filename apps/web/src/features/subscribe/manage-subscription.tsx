/**
 * /manage: the stored subscription's status, resend confirmation, newsletter preferences,
 * unsubscribe and delete (with a confirmation step). Changes need proof of ownership: the
 * manage link from an email (?manage=token) or a sign-in with that address.
 */
import {
  DEFAULT_NEWSLETTER_PREFERENCES,
  MESSAGES,
  NEWSLETTER_SECTIONS,
  type NewsletterPreferences,
} from '@quillpost/domain';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useApiClient } from '../../lib/api-context';
import { useMembership } from '../membership/membership-context';
import { readSubscriptionPreferences } from './subscription-data';
import { useSubscribePopup } from './subscribe-popup-context';
import { useResendConfirmation } from './use-resend-confirmation';
import './manage.css';

type Feedback = { tone: 'success' | 'error'; text: string } | null;

const STATUS_LABELS = {
  pending: 'Waiting for your confirmation',
  active: 'Active',
  unsubscribed: 'Unsubscribed',
} as const;

const SECTION_LABELS: Record<(typeof NEWSLETTER_SECTIONS)[number], string> = {
  build: 'Build — software and projects',
  learn: 'Learn — books and notes',
  write: 'Write — essays',
  journal: 'Journal',
  poetry: 'Poetry',
};

function FeedbackLine({ feedback }: { feedback: Feedback }) {
  if (!feedback) return null;
  return (
    <p
      className={`alert alert--${feedback.tone}`}
      role={feedback.tone === 'error' ? 'alert' : 'status'}
    >
      {feedback.text}
    </p>
  );
}

function feedbackOf(outcome: { ok: boolean; message: string } | null): Feedback {
  return outcome ? { tone: outcome.ok ? 'success' : 'error', text: outcome.message } : null;
}

export function ManageSubscription() {
  const api = useApiClient();
  const membership = useMembership();
  const { openPopup } = useSubscribePopup();
  const [params, setParams] = useSearchParams();
  const id = useId();
  const subscription = membership.state.subscription;

  // The manage token from an email link stays in memory only, out of the address bar.
  const [manageToken] = useState(() => params.get('manage'));
  useEffect(() => {
    if (params.has('manage')) {
      const next = new URLSearchParams(params);
      next.delete('manage');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);
  const auth = manageToken ? { 'X-Manage-Token': manageToken } : undefined;

  const resendConfirmation = useResendConfirmation();
  const [preferences, setPreferences] = useState<NewsletterPreferences | null>(null);
  const [preferencesState, setPreferencesState] = useState<'loading' | 'ready' | 'locked'>(
    'loading',
  );
  const [preferencesFeedback, setPreferencesFeedback] = useState<Feedback>(null);
  const [savingPreferences, setSavingPreferences] = useState(false);
  const [leaveFeedback, setLeaveFeedback] = useState<Feedback>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [busy, setBusy] = useState(false);

  const email = subscription?.email ?? null;
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
        const stored = result.ok ? readSubscriptionPreferences(result.data) : null;
        if (stored) {
          setPreferences(stored);
          setPreferencesState('ready');
        } else {
          setPreferences({ ...DEFAULT_NEWSLETTER_PREFERENCES });
          setPreferencesState('locked');
        }
      });
    return () => {
      active = false;
    };
  }, [api, email, manageToken]);

  if (!subscription) {
    return (
      <div className="manage">
        <section className="manage__card" aria-labelledby={`${id}-none`}>
          <h2 id={`${id}-none`}>No subscription on this device</h2>
          <p>
            {leaveFeedback?.text ??
              'This browser has no newsletter subscription stored. Subscribe below, or open the “Manage subscription” link at the bottom of any newsletter email.'}
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => openPopup({ source: 'manage', position: 'center' })}
          >
            {MESSAGES.SUBSCRIBE}
          </button>
        </section>
      </div>
    );
  }

  async function savePreferences() {
    if (!preferences || !subscription) return;
    setSavingPreferences(true);
    const result = await api.call('subscriptionPreferencesUpdate', {
      body: { email: subscription.email, preferences },
      headers: auth,
    });
    setSavingPreferences(false);
    setPreferencesFeedback(
      result.ok
        ? { tone: 'success', text: MESSAGES.PREFERENCES_UPDATED }
        : {
            tone: 'error',
            text:
              result.code === 'NETWORK_ERROR' ? MESSAGES.PREFERENCES_UPDATE_FAILED : result.message,
          },
    );
  }

  async function unsubscribe() {
    if (!subscription) return;
    setBusy(true);
    const result = await api.call('unsubscribe', {
      body: { email: subscription.email },
      headers: auth,
    });
    setBusy(false);
    if (!result.ok) {
      setLeaveFeedback({
        tone: 'error',
        text: result.code === 'NETWORK_ERROR' ? MESSAGES.UNSUBSCRIBE_FAILED : result.message,
      });
      return;
    }
    // Without proof of ownership the API mails a confirmation link instead of unsubscribing;
    // `data.unsubscribed` says which happened.
    if (result.data.data?.unsubscribed === true) {
      membership.forgetSubscription('unsubscribed');
      setLeaveFeedback({ tone: 'success', text: MESSAGES.UNSUBSCRIBED });
    } else {
      setLeaveFeedback({ tone: 'success', text: MESSAGES.UNSUBSCRIBE_LINK_SENT });
    }
  }

  async function deleteData() {
    if (!subscription) return;
    setBusy(true);
    const result = await api.call('subscriptionDelete', {
      body: { email: subscription.email, confirmDelete: true },
      headers: auth,
    });
    setBusy(false);
    setConfirmingDelete(false);
    if (!result.ok) {
      setLeaveFeedback({
        tone: 'error',
        text: result.code === 'NETWORK_ERROR' ? MESSAGES.ACCOUNT_DELETE_FAILED : result.message,
      });
      return;
    }
    membership.forgetSubscription('account-deleted');
    setLeaveFeedback({ tone: 'success', text: MESSAGES.ACCOUNT_DELETED });
  }

  const since = new Date(subscription.subscribedAt);
  return (
    <div className="manage">
      <section className="manage__card" aria-labelledby={`${id}-status`}>
        <h2 id={`${id}-status`}>Status</h2>
        <dl className="manage__facts">
          <div>
            <dt>Email</dt>
            <dd>{subscription.email}</dd>
          </div>
          {subscription.name ? (
            <div>
              <dt>Name</dt>
              <dd>{subscription.name}</dd>
            </div>
          ) : null}
          <div>
            <dt>Status</dt>
            <dd>
              <span className={`manage__badge manage__badge--${subscription.status}`}>
                {STATUS_LABELS[subscription.status]}
              </span>
            </dd>
          </div>
          {Number.isNaN(since.getTime()) ? null : (
            <div>
              <dt>Subscribed</dt>
              <dd>
                <time dateTime={subscription.subscribedAt}>
                  {since.toLocaleDateString(undefined, { dateStyle: 'long' })}
                </time>
              </dd>
            </div>
          )}
        </dl>
        {subscription.status === 'pending' ? (
          <div className="manage__row">
            <p className="muted">Didn’t get the confirmation email? Check your spam folder, or:</p>
            <button
              type="button"
              className="button"
              onClick={() => void resendConfirmation.resend()}
              disabled={resendConfirmation.sending}
            >
              Resend confirmation email
            </button>
          </div>
        ) : null}
        <FeedbackLine feedback={feedbackOf(resendConfirmation.outcome)} />
      </section>

      <section className="manage__card" aria-labelledby={`${id}-preferences`}>
        <h2 id={`${id}-preferences`}>What you receive</h2>
        {preferencesState === 'locked' ? (
          <p className="muted">
            To change these, open the “Manage subscription” link in any newsletter email, or sign in
            with {subscription.email}.
          </p>
        ) : null}
        <fieldset
          className="manage__sections"
          disabled={preferencesState !== 'ready' || savingPreferences}
        >
          <legend className="visually-hidden">Newsletter sections</legend>
          {NEWSLETTER_SECTIONS.map((section) => (
            <label key={section} className="checkbox">
              <input
                type="checkbox"
                checked={preferences?.[section] ?? true}
                onChange={(event) =>
                  setPreferences((current) => ({
                    ...(current ?? DEFAULT_NEWSLETTER_PREFERENCES),
                    [section]: event.target.checked,
                  }))
                }
              />
              <span>{SECTION_LABELS[section]}</span>
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void savePreferences()}
          disabled={preferencesState !== 'ready' || savingPreferences}
        >
          Save preferences
        </button>
        <FeedbackLine feedback={preferencesFeedback} />
      </section>

      <section className="manage__card manage__card--danger" aria-labelledby={`${id}-leave`}>
        <h2 id={`${id}-leave`}>Leave</h2>
        <p className="muted">
          Unsubscribing stops the emails. Deleting also erases what we store about you.
        </p>
        <div className="manage__row">
          <button
            type="button"
            className="button"
            onClick={() => void unsubscribe()}
            disabled={busy}
          >
            Unsubscribe
          </button>
          <button
            type="button"
            className="button manage__delete"
            onClick={() => setConfirmingDelete(true)}
            disabled={busy || confirmingDelete}
            aria-expanded={confirmingDelete}
            aria-controls={`${id}-confirm`}
          >
            Delete my data
          </button>
        </div>
        {confirmingDelete ? (
          <div
            id={`${id}-confirm`}
            className="manage__confirm"
            role="group"
            aria-labelledby={`${id}-confirm-text`}
          >
            <p id={`${id}-confirm-text`}>
              Delete the subscription for <strong>{subscription.email}</strong> and everything
              stored with it? This cannot be undone.
            </p>
            <div className="manage__row">
              <button type="button" className="button" onClick={() => setConfirmingDelete(false)}>
                {MESSAGES.CANCEL}
              </button>
              <button
                type="button"
                className="button manage__delete-confirm"
                onClick={() => void deleteData()}
                disabled={busy}
              >
                Yes, delete everything
              </button>
            </div>
          </div>
        ) : null}
        <FeedbackLine feedback={leaveFeedback} />
      </section>
    </div>
  );
}
