import type { MemberEvent } from '@quillpost/domain';
import { useState } from 'react';
import { useMembersApi } from '../api/members-api';
import { EventWhen } from '../../../components/event-card';
import { PageTitle } from '../../../components/page-title';
import { ActionNotice, EmptyNote, ResourceView } from '../../../components/resource-view';
import { useResource } from '../../../lib/use-resource';
import { useCan } from '../../../lib/permissions';
import { plural } from '../../../lib/format';

function EventItem({ event, onChange }: { event: MemberEvent; onChange(): void }) {
  const api = useMembersApi();
  const can = useCan();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const cancelled = event.status === 'cancelled';

  async function toggle() {
    setBusy(true);
    const result = event.going ? await api.cancelRsvp(event.id) : await api.rsvp(event.id);
    setBusy(false);
    if (!result.ok) setNotice({ tone: 'error', text: result.message });
    else {
      setNotice({
        tone: 'success',
        text: result.data.event.going ? 'You are going. See you there!' : 'Your RSVP is cancelled.',
      });
      onChange();
    }
  }

  return (
    <li className={`members-card event-item${cancelled ? ' event-item--cancelled' : ''}`}>
      <h2 className="event-item__title">
        {event.title}
        {cancelled ? <span className="members-badge members-badge--danger">Cancelled</span> : null}
      </h2>
      <EventWhen event={event} />
      {event.location ? <p className="event-item__where">{event.location}</p> : null}
      {event.url ? (
        <p>
          <a href={event.url} rel="noopener noreferrer" target="_blank">
            {event.url}
          </a>
        </p>
      ) : null}
      {event.description ? <p className="comment-text">{event.description}</p> : null}
      <div className="members-inline-actions">
        <span className="muted">{plural(event.goingCount, 'member')} going</span>
        {!cancelled && can('comment') ? (
          <button
            type="button"
            className={event.going ? 'button' : 'button button--primary'}
            aria-pressed={event.going}
            disabled={busy}
            onClick={() => void toggle()}
          >
            {event.going ? 'Cancel My RSVP' : 'RSVP'}{' '}
            <span className="visually-hidden">for {event.title}</span>
          </button>
        ) : null}
        <a className="button button--quiet" href={api.calendarUrl(event.id)} download>
          Add to calendar (.ics) <span className="visually-hidden">for {event.title}</span>
        </a>
      </div>
      <ActionNotice notice={notice} />
    </li>
  );
}

export default function EventsPage() {
  const api = useMembersApi();
  const events = useResource('events', (_client, signal) => api.events({ signal }));
  return (
    <>
      <PageTitle title="Upcoming Events" lede="Readings, talks and meet-ups for members." />
      <ResourceView resource={events} label="upcoming events">
        {(data) =>
          data.events.length === 0 ? (
            <EmptyNote>
              <p>No events planned right now. New ones appear here and on your dashboard.</p>
            </EmptyNote>
          ) : (
            <ul className="event-list">
              {data.events.map((event) => (
                <EventItem key={event.id} event={event} onChange={events.reload} />
              ))}
            </ul>
          )
        }
      </ResourceView>
    </>
  );
}
