import { describe, expect, it } from 'vitest';
import { contentDayIn, contentInstantIn } from './zoned-time.js';

describe('content dates on a site in Chicago', () => {
  it('keeps a bare day as written, and begins it at Chicago’s midnight', () => {
    expect(contentDayIn('2026-11-27T00:00:00.000Z', 'America/Chicago')).toBe('2026-11-27');
    expect(new Date(contentInstantIn('2026-11-27T00:00:00.000Z', 'America/Chicago'))).toEqual(
      new Date('2026-11-27T06:00:00.000Z'),
    );
  });

  it('puts an instant on Chicago’s day: 02:26 UTC on the 28th is the evening of the 27th', () => {
    expect(contentDayIn('2026-11-28T02:26:00.000Z', 'America/Chicago')).toBe('2026-11-27');
    expect(contentInstantIn('2026-11-28T02:26:00.000Z', 'America/Chicago')).toBe(
      Date.parse('2026-11-28T02:26:00.000Z'),
    );
  });
});
