/** Words and reading time, counted the same by the site (at sync) and the editor (as you type). */

export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

const WORDS_PER_MINUTE = 230;

/** Minutes at 230 words a minute, never less than one. */
export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.round(wordCount / WORDS_PER_MINUTE));
}
