import { describe, expect, it } from 'vitest';
import { as, insertEvent, signInAs } from '../../test-support/community.js';
import { testAppPerTest } from '../../test-support/test-app.js';

const { testApp } = testAppPerTest();

describe('events', () => {
  it('lets the admin publish an event in a time zone that members then see', async () => {
    const t = testApp();
    const admin = await signInAs(t, 'admin');
    const ada = await signInAs(t, 'member');
    const created = await as(t, admin).post('/api/admin/events', {
      title: 'Reading night',
      description: 'Bring a book.',
      startsAt: '2026-07-15T19:00',
      endsAt: '2026-07-15T21:00',
      timeZone: 'Europe/London',
      location: 'The library',
      url: 'https://example.com/meet',
    });
    expect(created.status).toBe(201);
    expect(created.body.event).toMatchObject({
      startsAt: '2026-07-15T18:00:00.000Z',
      endsAt: '2026-07-15T20:00:00.000Z',
      timeZone: 'Europe/London',
      status: 'published',
      going: false,
      goingCount: 0,
    });
    await as(t, admin).post('/api/admin/events', {
      title: 'Secret draft',
      startsAt: '2026-08-01T10:00',
      timeZone: 'UTC',
      status: 'draft',
    });
    const list = await as(t, ada).get('/api/events');
    expect(list.body.events.map((e: { title: string }) => e.title)).toEqual(['Reading night']);
    const all = await as(t, admin).get('/api/admin/events');
    expect(all.body.events).toHaveLength(2);
    const log = t.deps.db.prepare('SELECT action FROM moderation_log').pluck().all();
    expect(log).toEqual(['event.create', 'event.create']);

    const bad = await as(t, admin).post('/api/admin/events', {
      title: 'x',
      startsAt: '2026-07-15T19:00',
      timeZone: 'Nowhere/Land',
    });
    expect(bad.body.code).toBe('TIME_ZONE_INVALID');
  });

  it('takes RSVPs and cancellations, counted per member', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const bob = await signInAs(t, 'member');
    const eventId = insertEvent(t);
    const path = `/api/events/${eventId}/rsvp`;
    expect((await as(t, ada).put(path)).body.event).toMatchObject({ going: true, goingCount: 1 });
    expect((await as(t, ada).put(path)).body.event.goingCount).toBe(1);
    expect((await as(t, bob).put(path)).body.event).toMatchObject({ going: true, goingCount: 2 });
    expect((await as(t, ada).delete(path)).body.event).toMatchObject({
      going: false,
      goingCount: 1,
    });
    const list = await as(t, bob).get('/api/events');
    expect(list.body.events[0]).toMatchObject({ going: true, goingCount: 1 });
  });

  it('refuses RSVPs to drafts, cancelled and past events', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const draft = insertEvent(t, { status: 'draft' });
    const cancelled = insertEvent(t, { status: 'cancelled' });
    const past = insertEvent(t, { startsAt: '2020-01-01T10:00:00.000Z' });
    for (const id of [draft, cancelled, past, 424242]) {
      expect((await as(t, ada).put(`/api/events/${id}/rsvp`)).status).toBe(404);
    }
  });

  it('downloads an event as an .ics attachment', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const eventId = insertEvent(t, { title: 'Reading night: "poems"' });
    const res = await as(t, ada).get(`/api/events/${eventId}/ics`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="reading-night-poems-${eventId}.ics"`,
    );
    expect(res.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(res.text).toContain('SUMMARY:Reading night: "poems"');
    const draft = insertEvent(t, { status: 'draft' });
    expect((await as(t, ada).get(`/api/events/${draft}/ics`)).status).toBe(404);
  });
});
