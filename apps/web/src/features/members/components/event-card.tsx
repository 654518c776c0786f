import type { MemberEvent } from '@quillpost/domain';
import { formatInZone, viewerTimeZone } from '../utils/format';

/** When and where: in the event's own zone, and in the reader's when that differs. */
export function EventWhen({ event }: { event: MemberEvent }) {
  const here = viewerTimeZone();
  const there = formatInZone(event.startsAt, event.timeZone);
  const local = formatInZone(event.startsAt, here);
  return (
    <p className="event-when">
      <time dateTime={event.startsAt}>{there}</time>
      {event.endsAt ? (
        <>
          {' '}
          – <time dateTime={event.endsAt}>{formatInZone(event.endsAt, event.timeZone)}</time>
        </>
      ) : null}
      {here !== event.timeZone && local !== there ? (
        <span className="event-when__local"> · {local} your time</span>
      ) : null}
    </p>
  );
}
