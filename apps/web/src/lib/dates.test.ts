import { describe, expect, it } from 'vitest';
import {
  contentDay,
  formatContentDate,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMonth,
  formatRangeInZone,
  instantOfLocalInput,
  localInputValue,
} from './dates';

/** ICU puts thin and narrow no-break spaces in times and ranges; compare them as plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('dates in the site language and time zone', () => {
  it('writes the same instant as the site’s wall clock on either side of a DST change', () => {
    // London goes from GMT to BST at 01:00 UTC on 29 March 2026.
    expect(formatDateTime('2026-03-29T00:30:00Z', 'en-GB', 'Europe/London')).toBe(
      '29 Mar 2026, 00:30',
    );
    expect(formatDateTime('2026-03-29T01:30:00Z', 'en-GB', 'Europe/London')).toBe(
      '29 Mar 2026, 02:30',
    );
  });

  it('writes the day it is in the site’s zone, not in UTC', () => {
    expect(formatDate('2026-01-10T23:30:00Z', 'en-GB', 'UTC')).toBe('10 Jan 2026');
    expect(formatDate('2026-01-10T23:30:00Z', 'en-GB', 'Pacific/Auckland')).toBe('11 Jan 2026');
  });

  it('orders day and month as the language does', () => {
    expect(formatDate('2026-01-10T09:00:00Z', 'en-GB', 'UTC')).toBe('10 Jan 2026');
    expect(formatDate('2026-01-10T09:00:00Z', 'en-US', 'UTC')).toBe('Jan 10, 2026');
    expect(plain(formatDateTime('2026-01-10T09:00:00Z', 'en-US', 'UTC'))).toBe(
      'Jan 10, 2026, 9:00 AM',
    );
  });

  it('names months in the language', () => {
    expect(formatLongDate('2026-03-10T12:00:00Z', 'pt-BR', 'America/Sao_Paulo')).toBe(
      '10 de março de 2026',
    );
    expect(formatMonth('2026-03', 'pt-BR')).toBe('mar.');
    expect(formatMonth('2026-01', 'en-GB')).toBe('Jan');
  });

  it('keeps a content date on its calendar day in every zone', () => {
    expect(formatContentDate('2025-06-01T00:00:00.000Z', 'en-US', 'America/New_York')).toBe(
      'Jun 1, 2025',
    );
    expect(formatDate('2025-06-01T00:00:00.000Z', 'en-US', 'America/New_York')).toBe(
      'May 31, 2025',
    );
  });

  it('puts a scheduled content date on the site’s day: 8:26 PM in Chicago, 02:26 UTC', () => {
    const evening = '2026-11-28T02:26:00.000Z';
    expect(formatContentDate(evening, 'en-US', 'America/Chicago', 'longDate')).toBe(
      'November 27, 2026',
    );
    expect(formatContentDate(evening, 'en-GB', 'America/Chicago', 'monthYear')).toBe(
      'November 2026',
    );
    expect(contentDay(evening, 'America/Chicago')).toBe('2026-11-27');
    expect(contentDay(evening, 'Europe/Berlin')).toBe('2026-11-28');
  });

  it('gives nothing for a missing or invalid date', () => {
    expect(formatDate(null, 'en-GB', 'UTC')).toBe('');
    expect(formatDateTime('', 'en-GB', 'UTC')).toBe('');
    expect(formatLongDate('not a date', 'en-GB', 'UTC')).toBe('');
    expect(formatContentDate(undefined, 'en-GB', 'UTC')).toBe('');
  });
});

describe('event times', () => {
  const start = '2026-03-10T19:00:00Z';
  const end = '2026-03-10T21:00:00Z';

  it('are in the event’s own zone and the site’s language, the day written once', () => {
    expect(plain(formatRangeInZone(start, end, 'Europe/London', 'en-GB'))).toBe(
      'Tue, 10 Mar 2026, 19:00–21:00 GMT',
    );
    expect(plain(formatRangeInZone(start, end, 'America/New_York', 'en-US'))).toBe(
      'Tue, Mar 10, 2026, 3:00 – 5:00 PM EDT',
    );
  });

  it('without an end give the start alone', () => {
    expect(plain(formatRangeInZone(start, null, 'Europe/London', 'en-GB'))).toBe(
      'Tue, 10 Mar 2026, 19:00 GMT',
    );
  });

  it('fall back to UTC, named, for a zone the browser does not know', () => {
    expect(plain(formatRangeInZone(start, null, 'Mars/Olympus_Mons', 'en-GB'))).toBe(
      'Tue, 10 Mar 2026, 19:00 UTC',
    );
  });
});

describe('datetime-local values in a time zone', () => {
  it('show an instant as the zone’s wall time, across a DST change', () => {
    expect(localInputValue('2026-03-29T00:30:00Z', 'Europe/London')).toBe('2026-03-29T00:30');
    expect(localInputValue('2026-03-29T01:30:00Z', 'Europe/London')).toBe('2026-03-29T02:30');
    expect(localInputValue('2026-01-10T09:00:00Z', 'Asia/Kolkata')).toBe('2026-01-10T14:30');
  });

  it('read wall time back as the instant it is in the zone, on both sides of a DST change', () => {
    expect(instantOfLocalInput('2026-03-28T09:00', 'Europe/London')).toBe(
      '2026-03-28T09:00:00.000Z',
    );
    expect(instantOfLocalInput('2026-03-30T09:00', 'Europe/London')).toBe(
      '2026-03-30T08:00:00.000Z',
    );
    expect(instantOfLocalInput('2026-10-26T09:00', 'Europe/London')).toBe(
      '2026-10-26T09:00:00.000Z',
    );
    expect(instantOfLocalInput('2026-01-10T14:30', 'Asia/Kolkata')).toBe(
      '2026-01-10T09:00:00.000Z',
    );
  });

  it('take a repeated time (clocks going back) as its first pass', () => {
    // 01:30 happens twice in London on 25 October 2026: at 00:30 UTC (BST), then 01:30 UTC (GMT).
    expect(instantOfLocalInput('2026-10-25T01:30', 'Europe/London')).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('move a skipped time (clocks going forward) on by the gap', () => {
    // London has no 01:30 on 29 March 2026: 01:00 GMT is followed by 02:00 BST.
    const instant = instantOfLocalInput('2026-03-29T01:30', 'Europe/London')!;
    expect(instant).toBe('2026-03-29T01:30:00.000Z');
    expect(localInputValue(instant, 'Europe/London')).toBe('2026-03-29T02:30');
    // New York has no 02:30 on 8 March 2026.
    expect(instantOfLocalInput('2026-03-08T02:30', 'America/New_York')).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('round-trip every ordinary wall time', () => {
    for (const value of ['2026-03-29T00:59', '2026-03-29T02:00', '2026-10-25T02:00']) {
      const instant = instantOfLocalInput(value, 'Europe/London')!;
      expect(localInputValue(instant, 'Europe/London')).toBe(value);
    }
  });

  it('refuse what is not a real date and time', () => {
    expect(instantOfLocalInput('', 'Europe/London')).toBeNull();
    expect(instantOfLocalInput('2026-02-30T09:00', 'Europe/London')).toBeNull();
    expect(instantOfLocalInput('2026-03-01T24:00', 'Europe/London')).toBeNull();
    expect(instantOfLocalInput('tomorrow', 'Europe/London')).toBeNull();
  });
});
