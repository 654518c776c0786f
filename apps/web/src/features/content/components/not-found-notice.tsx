import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ApiFailure } from '../../../lib/api-client';
import { useDocumentMeta } from '../../../lib/document-meta';
import { LoadError } from './resource-view';

/**
 * A single item (book, project, archived now page) that could not be loaded: a friendly page for
 * a 404, the error with Try Again for anything else.
 */
export function ItemUnavailable({
  error,
  onRetry,
  what,
  backTo,
  backLabel,
}: {
  error: ApiFailure;
  onRetry: () => void;
  what: string;
  backTo: string;
  backLabel: ReactNode;
}) {
  const missing = error.status === 404;
  useDocumentMeta({ title: missing ? `${what} not found` : `${what} unavailable` });
  return (
    <div className="item-unavailable">
      <p className="page__eyebrow">{missing ? 'Error 404' : 'Something went wrong'}</p>
      <h1>
        {missing
          ? `This ${what.toLowerCase()} isn’t here`
          : `This ${what.toLowerCase()} could not be loaded`}
      </h1>
      {missing ? (
        <p className="page__lede">It may have moved, or the link may have a typo.</p>
      ) : (
        <LoadError error={error} onRetry={onRetry} />
      )}
      <p>
        <Link className="button" to={backTo}>
          {backLabel}
        </Link>
      </p>
    </div>
  );
}
