import type { WritingFile } from '@quillpost/domain';
import { useState } from 'react';
import { useApiResource } from '../../../lib/use-api-resource';
import { useDates } from '../../../lib/use-dates';
import { useWritingApi } from '../api/writing-api';

/** What each save replaced, newest first: read one, restore it. */
export function RevisionsPanel({
  path,
  version,
  onRestored,
  onClose,
}: {
  path: string;
  version: string;
  onRestored(file: WritingFile): void;
  onClose(): void;
}) {
  const api = useWritingApi();
  const dates = useDates();
  const list = useApiResource(`revisions:${path}:${version}`, (_client, signal) =>
    api.revisions(path, { signal }),
  );
  const [open, setOpen] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function restore(revisionId: number) {
    const result = await api.restoreRevision(revisionId, version);
    if (result.ok) onRestored(result.data.file);
    else setError(result.message);
  }

  return (
    <section className="writing-revisions" aria-labelledby="writing-revisions-title">
      <div className="writing-preview__bar">
        <h3 id="writing-revisions-title">Revisions</h3>
        <button type="button" className="button button--quiet" onClick={onClose}>
          Close
        </button>
      </div>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {list.status === 'loading' ? <p role="status">Loading the revisions…</p> : null}
      {list.status === 'error' ? <p role="alert">{list.error.message}</p> : null}
      {list.status === 'ready' && list.data.revisions.length === 0 ? (
        <p className="muted">No revisions yet: each save keeps the version it replaces.</p>
      ) : null}
      {list.status === 'ready' ? (
        <ol className="writing-revisions__list">
          {list.data.revisions.map((revision) => (
            <li key={revision.id}>
              <span>
                {dates.dateTime(revision.savedAt)}
                {revision.savedBy ? `, replaced by ${revision.savedBy}` : ''}
              </span>
              <span className="writing-actions">
                <button
                  type="button"
                  className="button button--quiet"
                  aria-expanded={open === revision.id}
                  onClick={() => setOpen(open === revision.id ? null : revision.id)}
                >
                  Read
                </button>
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => void restore(revision.id)}
                >
                  Restore
                </button>
              </span>
              {open === revision.id ? <RevisionText revisionId={revision.id} /> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

function RevisionText({ revisionId }: { revisionId: number }) {
  const api = useWritingApi();
  const revision = useApiResource(`revision:${revisionId}`, (_client, signal) =>
    api.revision(revisionId, { signal }),
  );
  if (revision.status === 'loading') return <p role="status">Loading…</p>;
  if (revision.status === 'error') return <p role="alert">{revision.error.message}</p>;
  return (
    <pre className="writing-revisions__text" tabIndex={0}>
      {revision.data.revision.text}
    </pre>
  );
}
