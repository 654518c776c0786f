/**
 * One subscriber, opened from the console's list (issue 26): their state and its dates, the
 * sections they receive, the page they subscribed from, why the relay gave up on them, and their
 * consent history, the evidence of what they agreed to. The owner can unsubscribe them (a reader
 * who asked by mail, say); that is written into the same history, with who did it.
 */
import {
  consentSourceLabel,
  NEWSLETTER_SECTION_LABELS,
  NEWSLETTER_SECTIONS,
  type AdminSubscriberDetail,
  type SubscriberConsent,
} from '@quillpost/domain';
import { useId, useState } from 'react';
import { Dialog, DialogCloseButton } from '../../components/dialog';
import { useDates } from '../../lib/use-dates';
import { useConsoleApi } from './api/console-api';
import { ResourceView } from '../../components/resource-view';
import { useResource } from '../../lib/use-resource';
import { STATUS_LABELS } from './subscriber-status';

const ACTION_LABELS: Record<SubscriberConsent['action'], string> = {
  subscribe: 'Subscribed',
  confirm: 'Confirmed',
  withdraw: 'Unsubscribed',
};

function Details({
  detail,
  onChanged,
}: {
  detail: Omit<AdminSubscriberDetail, 'success'>;
  onChanged(next: Omit<AdminSubscriberDetail, 'success'>): void;
}) {
  const dates = useDates();
  const api = useConsoleApi();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { subscriber, consents } = detail;
  const receives = NEWSLETTER_SECTIONS.filter((section) => subscriber.preferences[section]);
  const onList = subscriber.status === 'active' || subscriber.status === 'pending';

  async function unsubscribe() {
    setError(null);
    const result = await api.unsubscribeSubscriber(subscriber.id);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setConfirming(false);
    onChanged(result.data);
  }

  return (
    <>
      <dl className="subscriber-detail__facts">
        <dt>Status</dt>
        <dd>
          <span className={`members-badge members-badge--${subscriber.status}`}>
            {STATUS_LABELS[subscriber.status]}
          </span>
        </dd>
        {subscriber.name ? (
          <>
            <dt>Name</dt>
            <dd>{subscriber.name}</dd>
          </>
        ) : null}
        <dt>Subscribed</dt>
        <dd>{dates.dateTime(subscriber.subscribedAt)}</dd>
        {subscriber.verifiedAt ? (
          <>
            <dt>Confirmed</dt>
            <dd>{dates.dateTime(subscriber.verifiedAt)}</dd>
          </>
        ) : null}
        {subscriber.unsubscribedAt ? (
          <>
            <dt>Unsubscribed</dt>
            <dd>{dates.dateTime(subscriber.unsubscribedAt)}</dd>
          </>
        ) : null}
        {subscriber.bouncedAt ? (
          <>
            <dt>Bounced</dt>
            <dd>
              {dates.dateTime(subscriber.bouncedAt)}
              {subscriber.bounceReason ? (
                <span className="subscriber-detail__reason">{subscriber.bounceReason}</span>
              ) : null}
            </dd>
          </>
        ) : null}
        <dt>Started on</dt>
        <dd>{subscriber.startPath ? <code>{subscriber.startPath}</code> : 'Not recorded'}</dd>
        <dt>Receives</dt>
        <dd>
          {receives.length === 0
            ? 'No sections'
            : receives.map((section) => NEWSLETTER_SECTION_LABELS[section]).join(', ')}
        </dd>
      </dl>

      <h3 className="subscriber-detail__heading">Consent history</h3>
      {consents.length === 0 ? (
        <p className="muted">Nothing recorded.</p>
      ) : (
        <ol className="subscriber-detail__history">
          {consents.map((consent, index) => (
            <li key={index}>
              <p className="subscriber-detail__event">
                <strong>{ACTION_LABELS[consent.action]}</strong>{' '}
                <time dateTime={consent.recordedAt}>{dates.dateTime(consent.recordedAt)}</time>
              </p>
              <p className="muted">
                {consentSourceLabel(consent.source)}
                {consent.addressKept ? ' · network address kept as a keyed hash' : ''}
              </p>
              {consent.consentText ? (
                <blockquote className="subscriber-detail__words">{consent.consentText}</blockquote>
              ) : null}
            </li>
          ))}
        </ol>
      )}

      {onList ? (
        confirming ? (
          <div className="members-confirm">
            <p>
              Unsubscribe {subscriber.email}? No newsletter goes to them from now on; the consent
              history records that you did it.
            </p>
            <button
              type="button"
              className="button button--danger"
              onClick={() => void unsubscribe()}
            >
              Unsubscribe {subscriber.email}
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => setConfirming(false)}
            >
              Keep Subscribed
            </button>
          </div>
        ) : (
          <button type="button" className="button" onClick={() => setConfirming(true)}>
            Unsubscribe…
          </button>
        )
      ) : null}
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function SubscriberDetail({
  subscriberId,
  email,
  onClose,
  onChanged,
}: {
  subscriberId: number;
  email: string;
  onClose(): void;
  /** The list behind it shows the new status. */
  onChanged(): void;
}) {
  const api = useConsoleApi();
  const titleId = useId();
  const resource = useResource(`subscriber:${subscriberId}`, (_client, signal) =>
    api.subscriber(subscriberId, { signal }),
  );
  const [changed, setChanged] = useState<Omit<AdminSubscriberDetail, 'success'> | null>(null);
  const changedTo = (next: Omit<AdminSubscriberDetail, 'success'>) => {
    setChanged(next);
    onChanged();
  };

  return (
    <Dialog
      labelledBy={titleId}
      onClose={onClose}
      placement="sidebar-right"
      className="subscriber-detail"
    >
      <h2 id={titleId} className="subscriber-detail__title">
        {email}
      </h2>
      {changed ? (
        <Details detail={changed} onChanged={changedTo} />
      ) : (
        <ResourceView resource={resource} label="this subscriber">
          {(data) => <Details detail={data} onChanged={changedTo} />}
        </ResourceView>
      )}
      <DialogCloseButton onClick={onClose} />
    </Dialog>
  );
}
