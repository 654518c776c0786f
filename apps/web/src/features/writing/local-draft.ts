/**
 * What the owner typed and has not saved yet, kept in this browser (local storage) as they type:
 * a dropped connection, a closed tab or a crashed phone loses nothing. Cleared by a save.
 */
import {
  storedWritingDraftSchema,
  writingDraftKey,
  type FrontMatterValues,
  type StoredWritingDraft,
} from '@quillpost/domain';

export function readLocalDraft(path: string): StoredWritingDraft | null {
  try {
    const raw = localStorage.getItem(writingDraftKey(path));
    if (!raw) return null;
    const parsed = storedWritingDraftSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.path === path ? parsed.data : null;
  } catch {
    return null;
  }
}

export function keepLocalDraft(draft: {
  path: string;
  version: string;
  frontMatter: FrontMatterValues;
  body: string;
}): void {
  try {
    localStorage.setItem(
      writingDraftKey(draft.path),
      JSON.stringify({ ...draft, savedAt: Date.now() } satisfies StoredWritingDraft),
    );
  } catch {
    // Storage full or refused (private mode): the save button still works.
  }
}

export function dropLocalDraft(path: string): void {
  try {
    localStorage.removeItem(writingDraftKey(path));
  } catch {
    // Nothing to drop.
  }
}
