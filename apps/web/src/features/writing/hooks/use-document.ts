/**
 * The file in the editor and the draft typed over it: one save at a time, a refusal kept beside
 * the field it names, and a save on a version that changed meanwhile turned into a conflict that
 * shows both versions instead of overwriting either.
 */
import type { FrontMatterValues, WritingFile, WritingItem } from '@quillpost/domain';
import { useRef, useState } from 'react';
import { useWritingApi } from '../api/writing-api';
import { sameDraft, type Draft } from '../draft';
import { dropLocalDraft } from '../local-draft';

export type Notice = { tone: 'success' | 'error'; text: string; href?: string } | null;

export interface FieldError {
  key: string;
  text: string;
}

/** "category: use lower-case…" → the field it names and what to say under it. */
export function fieldErrorOf(message: string): FieldError | null {
  const match = /^([a-z_]+)(?:\.\d+)?: (.+)$/.exec(message);
  return match ? { key: match[1]!, text: match[2]! } : null;
}

export function useDocument(initial: WritingFile, setNotice: (notice: Notice) => void) {
  const api = useWritingApi();
  const [file, setFile] = useState(initial);
  const [draft, setDraft] = useState<Draft>({
    frontMatter: initial.frontMatter,
    body: initial.body,
  });
  const [busy, setBusy] = useState<string | null>(null);
  const saving = useRef(false);
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const [conflict, setConflict] = useState<{ mine: Draft; theirs: WritingFile } | null>(null);
  // What is "ahead" (a scheduled date) is judged against when the file was opened or last saved.
  const [checkedAt, setCheckedAt] = useState(() => Date.now());

  async function save(
    frontMatter: FrontMatterValues,
    label: string,
    base = file,
  ): Promise<WritingItem | null> {
    // One save at a time: a second one on the same version would conflict with the first.
    if (saving.current) return null;
    saving.current = true;
    setBusy(label);
    setNotice(null);
    setFieldError(null);
    const sent = { frontMatter, body: draft.body };
    const result = await api.save({ path: base.path, version: base.version, ...sent });
    saving.current = false;
    setBusy(null);
    setCheckedAt(Date.now());
    if (result.ok) {
      const saved = result.data.file;
      setFile(saved);
      // What was typed while the save was on its way stays, and stays unsaved.
      setDraft((current) =>
        sameDraft(current, sent) ? { frontMatter: saved.frontMatter, body: current.body } : current,
      );
      dropLocalDraft(base.path);
      setConflict(null);
      return result.data.item;
    }
    if (result.status === 409) {
      const theirs = await api.open(base.path);
      if (theirs.ok) {
        // The conflict panel says it, with both versions: no second alert saying it again.
        setConflict({ mine: sent, theirs: theirs.data.file });
        return null;
      }
    }
    setFieldError(fieldErrorOf(result.message));
    setNotice({ tone: 'error', text: result.message });
    return null;
  }

  /** Another version becomes the file and the draft: a revision restored, theirs taken. */
  function replace(next: WritingFile) {
    setFile(next);
    setDraft({ frontMatter: next.frontMatter, body: next.body });
    setConflict(null);
  }

  return {
    file,
    draft,
    dirty: !sameDraft(draft, file),
    busy,
    fieldError,
    conflict,
    checkedAt,
    save,
    replace,
    setDraft,
    /** A written draft from elsewhere (this browser's copy), on the version it was written on. */
    restore(kept: Draft & { version: string }) {
      setDraft({ frontMatter: kept.frontMatter, body: kept.body });
      // Written on an older version: saving then shows both, never overwrites unseen.
      if (kept.version !== file.version)
        setFile((current) => ({ ...current, version: kept.version }));
    },
    setField(key: string, value: unknown) {
      setDraft((current) => {
        const frontMatter = { ...current.frontMatter };
        if (value === undefined) delete frontMatter[key];
        else frontMatter[key] = value;
        return { ...current, frontMatter };
      });
    },
    setBody: (body: string) => setDraft((current) => ({ ...current, body })),
  };
}

export type EditorDocument = ReturnType<typeof useDocument>;
