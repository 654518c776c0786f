/** What the owner is writing: the file's front matter and body, and when two of them differ. */
import type { FrontMatterValues } from '@quillpost/domain';

export interface Draft {
  frontMatter: FrontMatterValues;
  body: string;
}

/** The file keeps no trailing blank lines (composeFile), so they never count as a change. */
export const sameBody = (a: string, b: string) => a.trimEnd() === b.trimEnd();

/** Front-matter values compared as the file would write them. */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const sameDraft = (a: Draft, b: Draft) =>
  sameBody(a.body, b.body) && sameValue(a.frontMatter, b.frontMatter);
