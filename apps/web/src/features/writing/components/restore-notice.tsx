/** A copy this browser kept of changes never saved, offered back when the file opens again. */
import { useDates } from '../../../lib/use-dates';

export function RestoreNotice({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: number;
  onRestore(): void;
  onDiscard(): void;
}) {
  const dates = useDates();
  return (
    <div className="alert writing-restore" role="alert">
      <p>
        This browser kept changes you had not saved, from{' '}
        {dates.dateTime(new Date(savedAt).toISOString())}.
      </p>
      <div className="writing-actions">
        <button type="button" className="button button--primary" onClick={onRestore}>
          Restore Them
        </button>
        <button type="button" className="button button--quiet" onClick={onDiscard}>
          Discard Them
        </button>
      </div>
    </div>
  );
}
