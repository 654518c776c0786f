import { MESSAGES, type NewsletterIssue } from '@quillpost/domain';
import { useState, type FormEvent } from 'react';
import { instantOfLocalInput, localInputValue } from '../../../lib/dates';
import { useDates } from '../../../lib/use-dates';
import { plural } from '../../../lib/format';
import { TextField } from '../../../components/text-field';

function anHourFromNow(): string {
  return new Date(Date.now() + 60 * 60_000).toISOString();
}

/**
 * Send now or later. Sending asks once more, with the number of people it reaches: it cannot
 * be taken back.
 */
export function SendPanel({
  issue,
  audience,
  busy,
  onSend,
}: {
  issue: NewsletterIssue;
  /** Subscribers of the issue's section right now; null while unknown. */
  audience: number | null;
  busy: boolean;
  onSend(scheduledAt: string | null): void;
}) {
  const dates = useDates();
  const [when, setWhen] = useState<'now' | 'later'>('now');
  // Wall time in the site's zone, whatever the browser's: the schedule is the site's.
  const [at, setAt] = useState(() => localInputValue(anHourFromNow(), dates.timeZone));
  const [confirming, setConfirming] = useState(false);
  const reach =
    audience === null ? 'every subscriber of its section' : plural(audience, 'subscriber');
  const sendNowLabel =
    audience === null ? 'Send Now…' : `Send to ${plural(audience, 'Subscriber')}…`;
  const scheduledAt = when === 'later' ? instantOfLocalInput(at, dates.timeZone) : null;
  const [invalid, setInvalid] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (when === 'later' && (!scheduledAt || Date.parse(scheduledAt) <= Date.now())) {
      return setInvalid(true);
    }
    if (when === 'now' && !confirming) return setConfirming(true);
    setConfirming(false);
    onSend(scheduledAt);
  }

  return (
    <section className="newsletter-card" aria-labelledby="newsletter-send-title">
      <h2 id="newsletter-send-title">Send</h2>
      {issue.status === 'scheduled' && issue.scheduledAt ? (
        <p>
          Scheduled for {dates.dateTime(issue.scheduledAt)}. You can send it now instead, or move
          it.
        </p>
      ) : null}
      <form onSubmit={submit} className="newsletter-send">
        <fieldset className="newsletter-send__when">
          <legend className="field__label">When</legend>
          <label className="checkbox">
            <input
              type="radio"
              name="when"
              value="now"
              checked={when === 'now'}
              onChange={() => setWhen('now')}
            />
            Now
          </label>
          <label className="checkbox">
            <input
              type="radio"
              name="when"
              value="later"
              checked={when === 'later'}
              onChange={() => {
                setWhen('later');
                setConfirming(false);
              }}
            />
            Later
          </label>
          {when === 'later' ? (
            <TextField
              id="newsletter-send-at"
              label="Date and time"
              hint={`Times are in ${dates.timeZone}.`}
              error={invalid ? MESSAGES.NEWSLETTER_SCHEDULE_INVALID : null}
              type="datetime-local"
              value={at}
              onChange={(event) => {
                setAt(event.target.value);
                setInvalid(false);
              }}
            />
          ) : null}
        </fieldset>
        {confirming ? (
          <div className="newsletter-confirm" role="alert">
            <p>
              Send “{issue.subject}” to {reach} now? This cannot be undone.
            </p>
            <button type="submit" className="button button--primary" disabled={busy}>
              Yes, Send It
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              Not Yet
            </button>
          </div>
        ) : (
          <button type="submit" className="button button--primary" disabled={busy || invalid}>
            {when === 'now' ? sendNowLabel : 'Schedule'}
          </button>
        )}
      </form>
    </section>
  );
}
