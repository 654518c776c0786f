import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useApiResource } from '../../../lib/use-api-resource';
import { useDates } from '../../../lib/use-dates';
import { useWritingApi } from '../api/writing-api';

/** What the owner removed, newest first; each can come back to where it was. */
export function TrashList({
  backHref,
  onRestored,
}: {
  backHref: string;
  onRestored(path: string): void;
}) {
  const api = useWritingApi();
  const dates = useDates();
  const trash = useApiResource('writing-trash', (_client, signal) => api.trash({ signal }));
  const [error, setError] = useState<string | null>(null);

  async function restore(trashId: number) {
    const result = await api.restoreFromTrash(trashId);
    if (result.ok) onRestored(result.data.path);
    else setError(result.message);
  }

  return (
    <section className="writing" aria-labelledby="writing-trash-title">
      <Link to={backHref} className="writing-back">
        ← Writing
      </Link>
      <h2 id="writing-trash-title">Trash</h2>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {trash.status === 'loading' ? <p role="status">Loading the trash…</p> : null}
      {trash.status === 'error' ? <p role="alert">{trash.error.message}</p> : null}
      {trash.status === 'ready' ? (
        trash.data.items.length ? (
          <ul className="writing-list">
            {trash.data.items.map((item) => (
              <li key={item.id} className="writing-list__item">
                <span className="writing-list__title">{item.title}</span>
                <span className="writing-list__meta">
                  <span>{item.path}</span>
                  <span>Removed {dates.dateTime(item.removedAt)}</span>
                  <button
                    type="button"
                    className="button button--quiet"
                    onClick={() => void restore(item.id)}
                  >
                    Restore
                  </button>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">The trash is empty.</p>
        )
      ) : null}
    </section>
  );
}
