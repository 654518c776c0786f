/**
 * /manage: the stored subscription's status, resend confirmation, newsletter preferences,
 * unsubscribe and delete (with a confirmation step). The calls and their state are
 * useManageSubscription's; this is the page.
 */
import {
  DEFAULT_NEWSLETTER_PREFERENCES,
  MESSAGES,
  NEWSLETTER_SECTION_LABELS,
  NEWSLETTER_SECTIONS,
} from '@quillpost/domain';
import { useId, useState } from 'react';
import { useDates } from '../../lib/use-dates';
import { useSubscribePopup } from './subscribe-popup-context';
import { useManageSubscription, type Feedback } from './use-manage-subscription';
import { useResendConfirmation } from './use-resend-confirmation';
import './manage.css';

const STATUS_LABELS = {
  pending: 'Waiting for your confirmation',
  active: 'Active',
  unsubscribed: 'Unsubscribed',
} as const;

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

type Manage = ReturnType<typeof useManageSubscription>;
type StoredSubscription = NonNullable<Manage['subscription']>;

function NoSubscription({ id, note }: { id: string; note: string | undefined }) {
  const { openPopup } = useSubscribePopup();
  return (
    <section className="manage__card" aria-labelledby={`${id}-none`}>
      <h2 id={`${id}-none`}>No subscription on this device</h2>
      <p>
        {note ??
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
  );
}

/** Who is subscribed, since when, and for a pending one the way to a new confirmation email. */
function StatusCard({ id, subscription }: { id: string; subscription: StoredSubscription }) {
  const resendConfirmation = useResendConfirmation();
  const since = useDates().longDate(subscription.subscribedAt);
  return (
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
        {since ? (
          <div>
            <dt>Subscribed</dt>
            <dd>
              <time dateTime={subscription.subscribedAt}>{since}</time>
            </dd>
          </div>
        ) : null}
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
            Resend Confirmation Email
          </button>
        </div>
      ) : null}
      <FeedbackLine feedback={feedbackOf(resendConfirmation.outcome)} />
    </section>
  );
}

/** The newsletter's sections, editable once the subscription is proven to be this reader's. */
function PreferencesCard({ id, manage }: { id: string; manage: Manage }) {
  const { subscription, preferences, preferencesState, savingPreferences } = manage;
  const locked = preferencesState !== 'ready' || savingPreferences;
  return (
    <section className="manage__card" aria-labelledby={`${id}-preferences`}>
      <h2 id={`${id}-preferences`}>What you receive</h2>
      {preferencesState === 'locked' ? (
        <p className="muted">
          To change these, open the “Manage subscription” link in any newsletter email, or sign in
          with {subscription?.email}.
        </p>
      ) : null}
      <fieldset className="manage__sections" disabled={locked}>
        <legend className="visually-hidden">Newsletter sections</legend>
        {NEWSLETTER_SECTIONS.map((section) => (
          <label key={section} className="checkbox">
            <input
              type="checkbox"
              checked={preferences?.[section] ?? true}
              onChange={(event) =>
                manage.setPreferences((current) => ({
                  ...(current ?? DEFAULT_NEWSLETTER_PREFERENCES),
                  [section]: event.target.checked,
                }))
              }
            />
            <span>{NEWSLETTER_SECTION_LABELS[section]}</span>
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="button button--primary"
        onClick={() => void manage.savePreferences()}
        disabled={locked}
      >
        Save Preferences
      </button>
      <FeedbackLine feedback={manage.preferencesFeedback} />
    </section>
  );
}

/** Unsubscribe, or delete everything after a confirmation step. */
function LeaveCard({
  id,
  subscription,
  manage,
}: {
  id: string;
  subscription: StoredSubscription;
  manage: Manage;
}) {
  const { busy, leaveFeedback } = manage;
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  async function deleteData() {
    await manage.deleteData();
    setConfirmingDelete(false);
  }

  return (
    <section className="manage__card manage__card--danger" aria-labelledby={`${id}-leave`}>
      <h2 id={`${id}-leave`}>Leave</h2>
      <p className="muted">
        Unsubscribing stops the emails. Deleting also erases what we store about you.
      </p>
      <div className="manage__row">
        <button
          type="button"
          className="button"
          onClick={() => void manage.unsubscribe()}
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
          Delete My Data
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
            Delete the subscription for <strong>{subscription.email}</strong> and everything stored
            with it? This cannot be undone.
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
              Yes, Delete Everything
            </button>
          </div>
        </div>
      ) : null}
      <FeedbackLine feedback={leaveFeedback} />
    </section>
  );
}

export function ManageSubscription() {
  const manage = useManageSubscription();
  const id = useId();
  const { subscription } = manage;
  return (
    <div className="manage">
      {subscription ? (
        <>
          <StatusCard id={id} subscription={subscription} />
          <PreferencesCard id={id} manage={manage} />
          <LeaveCard id={id} subscription={subscription} manage={manage} />
        </>
      ) : (
        <NoSubscription id={id} note={manage.leaveFeedback?.text} />
      )}
    </div>
  );
}
