import { describe, expect, it } from 'vitest';
import { countWords, readingMinutes } from './reading-time.js';

describe('reading time', () => {
  it('counts words with their apostrophes and hyphens, in any script', () => {
    expect(countWords("It's a well-known café, 2026 — naïve, über 東京")).toBe(8);
    expect(countWords('  ')).toBe(0);
  });

  it('counts minutes at 230 words a minute, never less than one', () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(230)).toBe(1);
    expect(readingMinutes(700)).toBe(3);
  });
});
