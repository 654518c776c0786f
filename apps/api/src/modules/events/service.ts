/** Events the owner publishes, members' RSVPs, and the admin's event management. */
import type { EventInput, MemberEvent } from '@quillpost/domain';
import type { eventInputSchema } from '@quillpost/domain';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/statements.js';
import { DomainError } from '../../domain-error.js';
import type { PersonalDataHolder } from '../../personal-data.js';
import { writeLog } from '../moderation/index.js';
import type { CalendarEvent } from './ics.js';
import {
  allEventRows,
  deleteEventRow,
  deleteRsvp,
  deleteRsvpsOf,
  findEvent,
  insertEvent,
  insertRsvp,
  rsvpsOf,
  updateEventRow,
  upcomingEventRows,
  type EventColumns,
  type EventRow,
} from './store.js';
import { zonedTimeToInstant } from '@quillpost/domain';

export type ParsedEventInput = z.output<typeof eventInputSchema>;
export type { EventInput };

const ADMIN_LIST_MAX = 500;

function toEvent(row: EventRow): MemberEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    timeZone: row.time_zone,
    location: row.location,
    url: row.url,
    status: row.status,
    goingCount: row.going_count,
    going: row.going === 1,
  };
}

/** What members see: published and cancelled events that are not over, soonest first. */
export function upcomingEvents(db: Db, viewerId: number, now: string, limit = 50): MemberEvent[] {
  return upcomingEventRows(db, { viewerId, now, limit }).map(toEvent);
}

/** An event members may see (not a draft); otherwise not found. */
export function visibleEvent(db: Db, eventId: number, viewerId: number): EventRow {
  const row = findEvent(db, eventId, viewerId);
  if (!row || row.status === 'draft') throw DomainError.notFound();
  return row;
}

export function calendarEventOf(row: EventRow): CalendarEvent {
  return { ...toEvent(row), updatedAt: row.updated_at };
}

/** RSVP to a published event that is not over; idempotent. */
export function rsvp(db: Db, eventId: number, userId: number, now: string): MemberEvent {
  return inTransaction(db, () => {
    const row = visibleEvent(db, eventId, userId);
    const over = (row.ends_at ?? row.starts_at) < now;
    if (row.status !== 'published' || over) throw DomainError.notFound();
    insertRsvp(db, eventId, userId, now);
    return toEvent(findEvent(db, eventId, userId)!);
  });
}

/** Cancels an RSVP; idempotent. */
export function cancelRsvp(db: Db, eventId: number, userId: number): MemberEvent {
  return inTransaction(db, () => {
    visibleEvent(db, eventId, userId);
    deleteRsvp(db, eventId, userId);
    return toEvent(findEvent(db, eventId, userId)!);
  });
}

// Admin

/** Every event, drafts and past ones included, latest start first. */
export function allEvents(db: Db, viewerId: number): MemberEvent[] {
  return allEventRows(db, viewerId, ADMIN_LIST_MAX).map(toEvent);
}

/** The event's stored columns: its wall-clock times as instants in its zone, end after start. */
function eventColumns(input: ParsedEventInput): EventColumns {
  const startsAt = new Date(zonedTimeToInstant(input.startsAt, input.timeZone)).toISOString();
  const endsAt = input.endsAt
    ? new Date(zonedTimeToInstant(input.endsAt, input.timeZone)).toISOString()
    : null;
  if (endsAt && endsAt < startsAt) throw DomainError.invalid('EVENT_END_BEFORE_START');
  return {
    title: input.title,
    description: input.description,
    startsAt,
    endsAt,
    timeZone: input.timeZone,
    location: input.location ?? null,
    url: input.url ?? null,
    status: input.status,
  };
}

export function createEvent(
  db: Db,
  actorId: number,
  input: ParsedEventInput,
  now: string,
): MemberEvent {
  return inTransaction(db, () => {
    const id = insertEvent(db, eventColumns(input), actorId, now);
    writeLog(db, {
      actorId,
      action: 'event.create',
      summary: `Created the event “${input.title}” (${input.status})`,
      at: now,
    });
    return toEvent(findEvent(db, id, actorId)!);
  });
}

export function updateEvent(
  db: Db,
  actorId: number,
  eventId: number,
  input: ParsedEventInput,
  now: string,
): MemberEvent {
  return inTransaction(db, () => {
    if (!findEvent(db, eventId, actorId)) throw DomainError.notFound();
    updateEventRow(db, eventId, eventColumns(input), now);
    writeLog(db, {
      actorId,
      action: 'event.update',
      summary: `Updated the event “${input.title}” (${input.status})`,
      at: now,
    });
    return toEvent(findEvent(db, eventId, actorId)!);
  });
}

export function deleteEvent(db: Db, actorId: number, eventId: number, now: string): void {
  inTransaction(db, () => {
    const row = findEvent(db, eventId, actorId);
    if (!row) throw DomainError.notFound();
    deleteEventRow(db, eventId);
    writeLog(db, {
      actorId,
      action: 'event.delete',
      summary: `Deleted the event “${row.title}”`,
      at: now,
    });
  });
}

/** A member's RSVPs; erasing deletes them (the events are the site's). */
export const eventsPersonalData: PersonalDataHolder = {
  tables: ['event_rsvps'],
  export: (db, { userId }) => ({ eventRsvps: rsvpsOf(db, userId) }),
  erase: (db, { userId }) => deleteRsvpsOf(db, userId),
};
