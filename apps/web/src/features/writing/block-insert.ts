/**
 * Where a block (an image) goes when it is put in at the cursor: on a line of its own, as a
 * paragraph, never in the middle of a sentence. Text on either side of the cursor is split
 * off with a blank line; a blank line that is there already is not doubled.
 */
export function blockInsertion(
  doc: string,
  from: number,
  to: number,
  block: string,
): { from: number; to: number; insert: string; cursor: number } {
  const before = doc.slice(0, from);
  const after = doc.slice(to);
  const lead =
    before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const insert = `${lead}${block}${trail}`;
  // The cursor lands after the block, on the empty line for what comes next.
  return { from, to, insert, cursor: from + insert.length };
}

/** `![alt](address)`: brackets in the description are escaped, so they cannot end it early. */
export function imageMarkdown(address: string, alt: string): string {
  const description = alt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([[\]\\])/g, '\\$1');
  return `![${description}](${address})`;
}
