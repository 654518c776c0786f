/** Events the owner publishes, members' RSVPs, and the admin's event management. */
import type { EventInput, EventStatus, MemberEvent } from '@quillpost/domain';
import type { eventInputSchema } from '@quillpost/domain';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/errors.js';
import { inTransaction } from '../../db/statements.js';

import { writeLog } from '../moderation/index.js';
import type { CalendarEvent } from './ics.js';
import { zonedTimeToInstant } from './time.js';

export type ParsedEventInput = z.output<typeof eventInputSchema>;
export type { EventInput };

interface EventRow {
  id: number;
  title: string;
  description: string;
  starts_at: string;
  ends_at: string | null;
  time_zone: string;
  location: string | null;
  url: string | null;
  status: EventStatus;
  updated_at: string;
  going_count: number;
  going: 0 | 1;
}

const SELECT = `SELECT e.id, e.title, e.description, e.starts_at, e.ends_at, e.time_zone, e.location,
    e.url, e.status, e.updated_at,
    (SELECT COUNT(*) FROM event_rsvps r WHERE r.event_id = e.id) AS going_count,
    EXISTS (SELECT 1 FROM event_rsvps r WHERE r.event_id = e.id AND r.user_id = @viewerId) AS going
  FROM events e`;

/** Still ahead or under way: its end (or, without one, its start) is not yet past. */
const NOT_OVER = `COALESCE(e.ends_at, e.starts_at) >= @now`;

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
  const rows = db
    .prepare(
      `${SELECT} WHERE e.status IN ('published', 'cancelled') AND ${NOT_OVER}
       ORDER BY e.starts_at, e.id LIMIT @limit`,
    )
    .all({ viewerId, now, limit }) as EventRow[];
  return rows.map(toEvent);
}

function findEvent(db: Db, eventId: number, viewerId: number): EventRow | undefined {
  return db.prepare(`${SELECT} WHERE e.id = @eventId`).get({ eventId, viewerId }) as
    EventRow | undefined;
}

/** An event members may see (not a draft), or 404. */
export function visibleEvent(db: Db, eventId: number, viewerId: number): EventRow {
  const row = findEvent(db, eventId, viewerId);
  if (!row || row.status === 'draft') throw new AppError(404, 'NOT_FOUND');
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
    if (row.status !== 'published' || over) throw new AppError(404, 'NOT_FOUND');
    db.prepare(
      'INSERT INTO event_rsvps (event_id, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    ).run(eventId, userId, now);
    return toEvent(findEvent(db, eventId, userId)!);
  });
}

/** Cancels an RSVP; idempotent. */
export function cancelRsvp(db: Db, eventId: number, userId: number): MemberEvent {
  return inTransaction(db, () => {
    visibleEvent(db, eventId, userId);
    db.prepare('DELETE FROM event_rsvps WHERE event_id = ? AND user_id = ?').run(eventId, userId);
    return toEvent(findEvent(db, eventId, userId)!);
  });
}

// Admin

/** Every event, drafts and past ones included, latest start first. */
export function allEvents(db: Db, viewerId: number): MemberEvent[] {
  const rows = db
    .prepare(`${SELECT} ORDER BY e.starts_at DESC, e.id DESC LIMIT 500`)
    .all({ viewerId }) as EventRow[];
  return rows.map(toEvent);
}

/** The event's stored columns: its wall-clock times as instants in its zone, end after start. */
function eventColumns(input: ParsedEventInput) {
  const startsAt = new Date(zonedTimeToInstant(input.startsAt, input.timeZone)).toISOString();
  const endsAt = input.endsAt
    ? new Date(zonedTimeToInstant(input.endsAt, input.timeZone)).toISOString()
    : null;
  if (endsAt && endsAt < startsAt) throw new AppError(400, 'EVENT_END_BEFORE_START');
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
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO events (title, description, starts_at, ends_at, time_zone, location, url, status,
           created_by, created_at, updated_at)
         VALUES (@title, @description, @startsAt, @endsAt, @timeZone, @location, @url, @status,
           @actorId, @now, @now)`,
      )
      .run({ ...eventColumns(input), actorId, now });
    const id = Number(lastInsertRowid);
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
    if (!findEvent(db, eventId, actorId)) throw new AppError(404, 'NOT_FOUND');
    db.prepare(
      `UPDATE events SET title = @title, description = @description, starts_at = @startsAt,
         ends_at = @endsAt, time_zone = @timeZone, location = @location, url = @url,
         status = @status, updated_at = @now
       WHERE id = @eventId`,
    ).run({ ...eventColumns(input), now, eventId });
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
    if (!row) throw new AppError(404, 'NOT_FOUND');
    db.prepare('DELETE FROM events WHERE id = ?').run(eventId);
    writeLog(db, {
      actorId,
      action: 'event.delete',
      summary: `Deleted the event “${row.title}”`,
      at: now,
    });
  });
}
