import { describe, expect, it } from 'vitest';
import { blockInsertion, imageMarkdown } from './block-insert';

const apply = (doc: string, at: number, block: string) => {
  const { from, to, insert, cursor } = blockInsertion(doc, at, at, block);
  const text = doc.slice(0, from) + insert + doc.slice(to);
  return { text, cursor };
};

describe('an image put in at the cursor', () => {
  it('goes on its own line, splitting a sentence it lands in', () => {
    const doc = 'The light comes up behind the hill first.';
    const at = doc.indexOf(' behind');
    expect(apply(doc, at, '![Hill](/h.jpg)').text).toBe(
      'The light comes up\n\n![Hill](/h.jpg)\n\n behind the hill first.',
    );
  });

  it('does not double a blank line that is there already, and leaves the cursor after it', () => {
    const doc = 'First paragraph.\n\nSecond.';
    const at = doc.indexOf('Second');
    const { text, cursor } = apply(doc, at, '![A](/a.jpg)');
    expect(text).toBe('First paragraph.\n\n![A](/a.jpg)\n\nSecond.');
    expect(text.slice(cursor)).toBe('Second.');
  });

  it('at the end of the text, opens an empty paragraph after it', () => {
    const { text, cursor } = apply('Last line.', 'Last line.'.length, '![A](/a.jpg)');
    expect(text).toBe('Last line.\n\n![A](/a.jpg)\n\n');
    expect(cursor).toBe(text.length);
    expect(apply('', 0, '![A](/a.jpg)').text).toBe('![A](/a.jpg)\n\n');
  });

  it('carries its description, brackets escaped', () => {
    expect(imageMarkdown('/c.jpg', '  The [old] harbour\n wall ')).toBe(
      '![The \\[old\\] harbour wall](/c.jpg)',
    );
  });
});
