/** Publish later: a date and time in the site's zone, refused beside the field when it is past. */
import { useId, useState } from 'react';
import { instantOfLocalInput, localInputValue } from '../../../lib/dates';
import { useDates } from '../../../lib/use-dates';
import { TextField } from '../../../components/text-field';

export function SchedulePanel({
  disabled,
  onSchedule,
  onCancel,
}: {
  disabled: boolean;
  /** The instant chosen, still ahead. */
  onSchedule(at: string): void;
  onCancel(): void;
}) {
  const id = useId();
  const dates = useDates();
  const [at, setAt] = useState(() =>
    localInputValue(new Date(Date.now() + 3_600_000).toISOString(), dates.timeZone),
  );
  const [refusal, setRefusal] = useState<string | null>(null);

  function schedule() {
    const instant = instantOfLocalInput(at, dates.timeZone);
    if (!instant || Date.parse(instant) <= Date.now()) {
      setRefusal('Please choose a date and time in the future.');
      return;
    }
    setRefusal(null);
    onSchedule(instant);
  }

  return (
    <div className="writing-schedule" role="group" aria-label="Schedule">
      <TextField
        id={`${id}-at`}
        label="Publish on"
        hint={`Times are in ${dates.timeZone}.`}
        error={refusal}
        type="datetime-local"
        required
        value={at}
        onChange={(event) => setAt(event.target.value)}
      />
      <div className="writing-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={disabled}
          onClick={schedule}
        >
          Schedule It
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
