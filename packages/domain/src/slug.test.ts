import { describe, expect, it } from 'vitest';
import { slugOf } from './slug.js';

describe('slugOf', () => {
  it('keeps letters without accents, digits and single dashes', () => {
    expect(slugOf("Zoë's Café (2)", { fallback: 'x' })).toBe('zoe-s-cafe-2');
    expect(slugOf('  Hello,   World!  ', { fallback: 'x' })).toBe('hello-world');
  });

  it('is cut to its length without a dash at the end', () => {
    expect(slugOf('Tide tables for the harbour', { fallback: 'x', max: 10 })).toBe('tide-table');
    expect(slugOf('Tide tables', { fallback: 'x', max: 5 })).toBe('tide');
  });

  it('falls back when nothing of the text is left', () => {
    expect(slugOf('東京', { fallback: 'image' })).toBe('image');
    expect(slugOf('—', { fallback: 'section' })).toBe('section');
  });
});
