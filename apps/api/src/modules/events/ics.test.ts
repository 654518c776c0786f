import { describe, expect, it } from 'vitest';
import { escapeText, eventToIcs, foldLine } from './ics.js';
import { instantToLocal, offsetMinutesAt, zonedTimeToInstant } from '@quillpost/domain';

describe('wall-clock times in a zone', () => {
  it('converts both ways, across summer and winter time', () => {
    const winter = zonedTimeToInstant('2026-01-15T19:00', 'Europe/London');
    expect(new Date(winter).toISOString()).toBe('2026-01-15T19:00:00.000Z');
    const summer = zonedTimeToInstant('2026-07-15T19:00', 'Europe/London');
    expect(new Date(summer).toISOString()).toBe('2026-07-15T18:00:00.000Z');
    const newYork = zonedTimeToInstant('2026-07-15T19:00', 'America/New_York');
    expect(new Date(newYork).toISOString()).toBe('2026-07-15T23:00:00.000Z');
    expect(instantToLocal(summer, 'Europe/London')).toBe('2026-07-15T19:00');
    expect(offsetMinutesAt(summer, 'Asia/Kolkata')).toBe(330);
  });

  it('resolves a time skipped by the spring jump to after it', () => {
    // 01:30 does not exist in London on 29 March 2026; it reads as 02:30 BST (01:30 UTC).
    const skipped = zonedTimeToInstant('2026-03-29T01:30', 'Europe/London');
    expect(new Date(skipped).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
});

describe('iCalendar text', () => {
  it('escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    for (const piece of folded.split('\r\n')) {
      expect(new TextEncoder().encode(piece).length).toBeLessThanOrEqual(75);
    }
    expect(folded.split('\r\n ').join('')).toBe(line);
  });
});

describe('an event as .ics', () => {
  const base = {
    id: 7,
    title: 'Reading night; poems, prose',
    description: 'Bring a book.\nOr two.',
    startsAt: '2026-07-15T18:00:00.000Z',
    endsAt: '2026-07-15T20:00:00.000Z',
    timeZone: 'Europe/London',
    location: 'The Library, Room 2',
    url: 'https://example.com/events/7',
    status: 'published' as const,
    updatedAt: '2026-01-01T09:00:00.000Z',
  };
  const options = {
    host: 'example.com',
    now: Date.parse('2026-01-02T10:00:00Z'),
    siteName: 'Rowan Ellis',
  };

  it('writes the event in its own time zone with a matching VTIMEZONE', () => {
    const ics = eventToIcs(base, options);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    const lines = ics.split('\r\n');
    expect(lines).toContain('DTSTART;TZID=Europe/London:20260715T190000');
    expect(lines).toContain('DTEND;TZID=Europe/London:20260715T210000');
    expect(lines).toContain('TZID:Europe/London');
    expect(lines).toContain('TZOFFSETTO:+0100');
    expect(lines).toContain('UID:event-7@example.com');
    expect(lines).toContain('DTSTAMP:20260102T100000Z');
    expect(lines).toContain('SUMMARY:Reading night\\; poems\\, prose');
    expect(lines).toContain('DESCRIPTION:Bring a book.\\nOr two.');
    expect(lines).toContain('LOCATION:The Library\\, Room 2');
    expect(lines).toContain('STATUS:CONFIRMED');
  });

  it('describes both offsets when the event spans a clock change', () => {
    const ics = eventToIcs(
      {
        ...base,
        startsAt: '2026-10-24T20:00:00.000Z',
        endsAt: '2026-10-25T10:00:00.000Z',
        status: 'cancelled',
      },
      options,
    );
    const lines = ics.split('\r\n');
    expect(lines).toContain('DTSTART;TZID=Europe/London:20261024T210000');
    expect(lines).toContain('DTEND;TZID=Europe/London:20261025T100000');
    // Clocks go back at 02:00 BST on 25 October 2026.
    expect(lines).toContain('DTSTART:20261025T020000');
    expect(lines).toContain('TZOFFSETFROM:+0100');
    expect(lines).toContain('TZOFFSETTO:+0000');
    expect(lines).toContain('STATUS:CANCELLED');
  });
});
