import { describe, expect, it } from 'vitest';
import { countingDisclosure } from './counting-disclosure.js';

const DEFAULTS = { analytics: true, retentionDays: 30, newsletterClickCounting: true };

describe('what the site counts, in words', () => {
  it('says what a view keeps, for how long, and that no address is stored', () => {
    const text = countingDisclosure(DEFAULTS).join('\n');
    expect(text).toContain('without cookies');
    expect(text).toContain('Each view is kept for 30 days');
    expect(text).toContain('Your IP address and your browser’s description are never stored');
    // The key is the collector's, in memory only: a restart makes a new one.
    expect(text).toContain('a random key that is kept only in the server’s memory');
    expect(text).toContain('A restart of the server replaces the key too');
    expect(text).toContain('counts clicks per link and per day, never who clicked');
    expect(text).toContain('so each reader counts once a day');
  });

  it('follows the settings: no counting, one day, no click counter', () => {
    const off = countingDisclosure({
      analytics: false,
      retentionDays: 1,
      newsletterClickCounting: false,
    });
    expect(off[0]).toBe('The site does not count page views or feed fetches.');
    expect(off.join('\n')).not.toContain('without cookies');
    expect(off.at(-1)).toContain('neither clicks nor opens are counted');
    expect(countingDisclosure({ ...DEFAULTS, retentionDays: 1 }).join('\n')).toContain(
      'kept for 1 day;',
    );
  });
});
