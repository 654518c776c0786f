import type { MemberEvent } from '@quillpost/domain';
import { useDates } from '../lib/use-dates';
import { viewerTimeZone } from '../lib/format';

/** When: in the event's own zone, and underneath in the reader's when that reads differently. */
export function EventWhen({ event }: { event: MemberEvent }) {
  const dates = useDates();
  const here = viewerTimeZone();
  const there = dates.rangeInZone(event.startsAt, event.endsAt, event.timeZone);
  const local = dates.rangeInZone(event.startsAt, event.endsAt, here);
  return (
    <p className="event-when">
      <time dateTime={event.startsAt}>{there}</time>
      {here !== event.timeZone && local !== there ? (
        <span className="event-when__local">
          Your time: <time dateTime={event.startsAt}>{local}</time>
        </span>
      ) : null}
    </p>
  );
}
