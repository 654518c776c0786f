import { slugOf } from '@quillpost/domain';
import type { MountEndpoint } from '../../http/endpoints.js';
import { siteIdentity } from '../site/index.js';
import { isoNow } from '../../clock.js';
import type { CommunityDeps } from '../../deps.js';
import { signedInUser } from '../auth/index.js';
import { eventToIcs } from './ics.js';
import {
  allEvents,
  calendarEventOf,
  cancelRsvp,
  createEvent,
  deleteEvent,
  rsvp,
  updateEvent,
  upcomingEvents,
  visibleEvent,
} from './service.js';

/** A file name from the title: letters, digits and dashes only, so the header stays clean. */
const fileName = (title: string, id: number) =>
  `${slugOf(title, { fallback: 'event', max: 60 })}-${id}.ics`;

export function eventRoutes(deps: CommunityDeps, mount: MountEndpoint): void {
  const { db, env, clock } = deps;

  mount('eventList', (req, res) => {
    const user = signedInUser(req);
    res.json({ success: true, events: upcomingEvents(db, user.id, isoNow(deps.clock)) });
  });

  mount('eventCalendar', (req, res, { params }) => {
    const user = signedInUser(req);
    const { eventId } = params;
    const event = calendarEventOf(visibleEvent(db, eventId, user.id));
    const ics = eventToIcs(event, {
      host: new URL(env.PUBLIC_URL).hostname,
      now: clock.now(),
      siteName: siteIdentity(db).title,
    });
    res
      .type('text/calendar; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="${fileName(event.title, event.id)}"`)
      .send(ics);
  });

  mount('eventRsvp', (req, res, { params }) => {
    const user = signedInUser(req);
    const { eventId } = params;
    res.json({ success: true, event: rsvp(db, eventId, user.id, isoNow(deps.clock)) });
  });

  mount('eventRsvpCancel', (req, res, { params }) => {
    const user = signedInUser(req);
    const { eventId } = params;
    res.json({ success: true, event: cancelRsvp(db, eventId, user.id) });
  });

  mount('adminEvents', (req, res) => {
    const user = signedInUser(req);
    res.json({ success: true, events: allEvents(db, user.id) });
  });

  mount('adminEventCreate', (req, res, { body: input }) => {
    const user = signedInUser(req);
    res
      .status(201)
      .json({ success: true, event: createEvent(db, user.id, input, isoNow(deps.clock)) });
  });

  mount('adminEventUpdate', (req, res, { params, body: input }) => {
    const user = signedInUser(req);
    const { eventId } = params;
    res.json({
      success: true,
      event: updateEvent(db, user.id, eventId, input, isoNow(deps.clock)),
    });
  });

  mount('adminEventDelete', (req, res, { params }) => {
    const user = signedInUser(req);
    const { eventId } = params;
    deleteEvent(db, user.id, eventId, isoNow(deps.clock));
    res.json({ success: true });
  });
}
