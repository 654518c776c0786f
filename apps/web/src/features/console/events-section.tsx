import {
  EVENT_STATUSES,
  eventInputSchema,
  type EventInput,
  type EventStatus,
  type MemberEvent,
} from '@quillpost/domain';
import { useId, useState, type FormEvent } from 'react';
import { localInputValue } from '../../lib/dates';
import { useSite } from '../../lib/use-site';
import { useConsoleApi } from './api/console-api';
import { EventWhen } from '../../components/event-card';
import { ActionNotice, EmptyNote, ResourceView, noticeOf } from '../../components/resource-view';
import { useResource } from '../../lib/use-resource';
import { errorsOf, type FieldErrors } from '../../lib/field-errors';
import { plural } from '../../lib/format';
import { timeZones } from './time-zones';
import { Field } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';

const STATUS_LABELS: Record<EventStatus, string> = {
  draft: 'Draft (hidden)',
  published: 'Published',
  cancelled: 'Cancelled',
};

function blankEvent(timeZone: string): EventInput {
  return {
    title: '',
    description: '',
    startsAt: '',
    endsAt: '',
    timeZone,
    location: '',
    url: '',
    status: 'published',
  };
}

function fromEvent(event: MemberEvent): EventInput {
  return {
    title: event.title,
    description: event.description,
    startsAt: localInputValue(event.startsAt, event.timeZone),
    endsAt: event.endsAt ? localInputValue(event.endsAt, event.timeZone) : '',
    timeZone: event.timeZone,
    location: event.location ?? '',
    url: event.url ?? '',
    status: event.status,
  };
}

function EventForm({
  initial,
  eventId,
  onDone,
}: {
  initial: EventInput;
  eventId: number | null;
  onDone(): void;
}) {
  const api = useConsoleApi();
  const id = useId();
  const [input, setInput] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<EventInput>) => setInput({ ...input, ...patch });

  async function save(event: FormEvent) {
    event.preventDefault();
    const payload = { ...input, endsAt: input.endsAt || null };
    const parsed = eventInputSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error));
      return;
    }
    setSaving(true);
    const result =
      eventId === null ? await api.createEvent(payload) : await api.updateEvent(eventId, payload);
    setSaving(false);
    if (!result.ok) {
      setErrors({ form: result.message });
      return;
    }
    onDone();
  }

  const text = (key: 'title' | 'location' | 'url', label: string, type = 'text') => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      type={type}
      value={(input[key] as string | null | undefined) ?? ''}
      error={errors[key] ?? null}
      onChange={(event) => set({ [key]: event.target.value })}
    />
  );

  return (
    <form className="members-card members-form" onSubmit={(event) => void save(event)} noValidate>
      <h2>{eventId === null ? 'New event' : 'Edit event'}</h2>
      <fieldset className="members-fieldset" disabled={saving}>
        {text('title', 'Title')}
        <div className="members-form__row">
          <TextField
            id={`${id}-starts`}
            label="Starts"
            type="datetime-local"
            value={input.startsAt}
            error={errors.startsAt ?? null}
            onChange={(event) => set({ startsAt: event.target.value })}
          />
          <TextField
            id={`${id}-ends`}
            label="Ends (optional)"
            type="datetime-local"
            value={input.endsAt ?? ''}
            error={errors.endsAt ?? errors[''] ?? null}
            onChange={(event) => set({ endsAt: event.target.value })}
          />
        </div>
        <SelectField
          id={`${id}-zone`}
          label="Time zone"
          value={input.timeZone}
          options={timeZones(input.timeZone)}
          optionLabel={(zone) => zone}
          onChange={(timeZone) => set({ timeZone })}
        />
        {text('location', 'Place')}
        {text('url', 'Link (for online events)', 'url')}
        <Field id={`${id}-description`} label="Description" error={errors.description ?? null}>
          {(control) => (
            <textarea
              {...control}
              className="field__input members-textarea"
              rows={4}
              value={input.description ?? ''}
              onChange={(event) => set({ description: event.target.value })}
            />
          )}
        </Field>
        <SelectField
          id={`${id}-status`}
          label="Status"
          // Left out, the API publishes it (the input's default).
          value={input.status ?? 'published'}
          options={EVENT_STATUSES}
          optionLabel={(status) => STATUS_LABELS[status]}
          onChange={(status) => set({ status })}
        />
        {errors.form ? (
          <p className="alert alert--error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className="members-inline-actions">
          <button type="submit" className="button button--primary">
            {saving ? 'Saving…' : eventId === null ? 'Publish Event' : 'Save Event'}
          </button>
          <button type="button" className="button button--quiet" onClick={onDone}>
            Cancel
          </button>
        </div>
      </fieldset>
    </form>
  );
}

export function EventsSection() {
  const api = useConsoleApi();
  const events = useResource('admin-events', (_client, signal) => api.adminEvents({ signal }));
  const [editing, setEditing] = useState<{ id: number | null; input: EventInput } | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // New events start in the site's time zone (site.yml); each keeps its own.
  const defaultZone = useSite().timezone;

  async function remove(event: MemberEvent) {
    const result = await api.deleteEvent(event.id);
    setNotice(noticeOf(result, `“${event.title}” is deleted.`));
    events.reload();
  }

  return (
    <section aria-label="Events">
      {editing ? (
        <EventForm
          key={editing.id ?? 'new'}
          initial={editing.input}
          eventId={editing.id}
          onDone={() => {
            setEditing(null);
            events.reload();
          }}
        />
      ) : (
        <button
          type="button"
          className="button button--primary"
          onClick={() => setEditing({ id: null, input: blankEvent(defaultZone) })}
        >
          New Event
        </button>
      )}
      <ActionNotice notice={notice} />
      <ResourceView resource={events} label="events">
        {(data) =>
          data.events.length === 0 ? (
            <EmptyNote>
              <p>No events yet.</p>
            </EmptyNote>
          ) : (
            <ul className="members-rows">
              {data.events.map((event) => (
                <li key={event.id} className="members-card members-row">
                  <span className="members-row__main">
                    <strong>
                      {event.title}{' '}
                      <span className="members-badge">{STATUS_LABELS[event.status]}</span>
                    </strong>
                    <EventWhen event={event} />
                    <span className="muted members-row__meta">
                      {plural(event.goingCount, 'RSVP')}
                    </span>
                  </span>
                  <span className="members-row__actions">
                    <button
                      type="button"
                      className="button button--quiet"
                      onClick={() => setEditing({ id: event.id, input: fromEvent(event) })}
                    >
                      Edit <span className="visually-hidden">{event.title}</span>
                    </button>
                    <button
                      type="button"
                      className="button button--quiet"
                      onClick={() => void remove(event)}
                    >
                      Delete <span className="visually-hidden">{event.title}</span>
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </ResourceView>
    </section>
  );
}
