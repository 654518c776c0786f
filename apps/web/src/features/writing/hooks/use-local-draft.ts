/**
 * Nothing typed is lost: the draft is kept in this browser as it is typed (a moment after each
 * keystroke) until a save makes it the file, leaving with unsaved changes asks first, and a copy
 * left from before is offered back when the file opens again.
 */
import type { StoredWritingDraft } from '@quillpost/domain';
import { useEffect, useState } from 'react';
import { sameDraft } from '../draft';
import { dropLocalDraft, keepLocalDraft, readLocalDraft } from '../local-draft';
import type { EditorDocument } from './use-document';

export function useLocalDraft(doc: EditorDocument) {
  const { file, draft, dirty } = doc;
  const [restorable, setRestorable] = useState<StoredWritingDraft | null>(() => {
    const stored = readLocalDraft(file.path);
    return stored && !sameDraft(stored, file) ? stored : null;
  });

  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(
      () => keepLocalDraft({ path: file.path, version: file.version, ...draft }),
      400,
    );
    return () => clearTimeout(timer);
  }, [draft, dirty, file]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    restorable,
    restore() {
      if (restorable) doc.restore(restorable);
      setRestorable(null);
    },
    discard() {
      dropLocalDraft(file.path);
      setRestorable(null);
    },
  };
}
