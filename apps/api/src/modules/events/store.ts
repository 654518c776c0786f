/** Events the owner publishes, and members' RSVPs to them. */
import type { EventStatus } from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import type { OwnedTables } from '../../db/ownership.js';
import { statement } from '../../db/statements.js';

export const OWNED_TABLES = {
  events: 'site',
  event_rsvps: 'person',
} as const satisfies OwnedTables;

/** An event as one viewer sees it: how many are going, and whether they are. */
export interface EventRow {
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

/** Published and cancelled events that are not over (their end, or start, is not yet past). */
export function upcomingEventRows(
  db: Db,
  query: { viewerId: number; now: string; limit: number },
): EventRow[] {
  return statement(
    db,
    `${SELECT} WHERE e.status IN ('published', 'cancelled') AND COALESCE(e.ends_at, e.starts_at) >= @now
     ORDER BY e.starts_at, e.id LIMIT @limit`,
  ).all(query) as EventRow[];
}

/** Every event, drafts and past ones included, latest start first. */
export function allEventRows(db: Db, viewerId: number, limit: number): EventRow[] {
  return statement(db, `${SELECT} ORDER BY e.starts_at DESC, e.id DESC LIMIT @limit`).all({
    viewerId,
    limit,
  }) as EventRow[];
}

export function findEvent(db: Db, eventId: number, viewerId: number): EventRow | undefined {
  return statement(db, `${SELECT} WHERE e.id = @eventId`).get({ eventId, viewerId }) as
    EventRow | undefined;
}

/** An event's stored columns, as the admin's form sets them. */
export interface EventColumns {
  title: string;
  description: string;
  startsAt: string;
  endsAt: string | null;
  timeZone: string;
  location: string | null;
  url: string | null;
  status: EventStatus;
}

export function insertEvent(db: Db, event: EventColumns, actorId: number, now: string): number {
  return Number(
    statement(
      db,
      `INSERT INTO events (title, description, starts_at, ends_at, time_zone, location, url, status,
         created_by, created_at, updated_at)
       VALUES (@title, @description, @startsAt, @endsAt, @timeZone, @location, @url, @status,
         @actorId, @now, @now)`,
    ).run({ ...event, actorId, now }).lastInsertRowid,
  );
}

export function updateEventRow(db: Db, eventId: number, event: EventColumns, now: string): void {
  statement(
    db,
    `UPDATE events SET title = @title, description = @description, starts_at = @startsAt,
       ends_at = @endsAt, time_zone = @timeZone, location = @location, url = @url,
       status = @status, updated_at = @now
     WHERE id = @eventId`,
  ).run({ ...event, now, eventId });
}

export function deleteEventRow(db: Db, eventId: number): void {
  statement(db, 'DELETE FROM events WHERE id = ?').run(eventId);
}

// RSVPs

/** Going twice keeps the first answer. */
export function insertRsvp(db: Db, eventId: number, userId: number, now: string): void {
  statement(
    db,
    'INSERT INTO event_rsvps (event_id, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  ).run(eventId, userId, now);
}

export function deleteRsvp(db: Db, eventId: number, userId: number): void {
  statement(db, 'DELETE FROM event_rsvps WHERE event_id = ? AND user_id = ?').run(eventId, userId);
}

export interface RsvpMade {
  title: string;
  startsAt: string;
  rsvpAt: string;
}

/** The member's RSVPs with their events, oldest first (their data export). */
export function rsvpsOf(db: Db, userId: number): RsvpMade[] {
  return statement(
    db,
    `SELECT e.title, e.starts_at AS startsAt, r.created_at AS rsvpAt FROM event_rsvps r
     JOIN events e ON e.id = r.event_id WHERE r.user_id = ? ORDER BY r.created_at`,
  ).all(userId) as RsvpMade[];
}

export function deleteRsvpsOf(db: Db, userId: number): void {
  statement(db, 'DELETE FROM event_rsvps WHERE user_id = ?').run(userId);
}

/** Every event with its replies, for the site's export (issue 27). */
export function eventsForExport(db: Db): { events: unknown[]; rsvps: unknown[] } {
  return {
    events: statement(db, 'SELECT * FROM events ORDER BY id').all(),
    rsvps: statement(db, 'SELECT * FROM event_rsvps ORDER BY rowid').all(),
  };
}
