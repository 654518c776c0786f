import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorStatus } from '../../../app/route-head';
import { RouteError } from '../../../app/route-error';

/**
 * The error boundary of a single item's page (book, project, archived now page, journal entry,
 * poem): a friendly page for a 404; anything else is the general failure with Try Again.
 */
export function ItemUnavailable({
  error,
  what,
  backTo,
  backLabel,
}: {
  /** What useRouteError() gave the boundary. */
  error: unknown;
  what: string;
  backTo: string;
  backLabel: ReactNode;
}) {
  if (errorStatus(error) !== 404) return <RouteError />;
  return (
    <div className="item-unavailable">
      <p className="page__eyebrow">Error 404</p>
      <h1>{`This ${what.toLowerCase()} isn’t here`}</h1>
      <p className="page__lede">It may have moved, or the link may have a typo.</p>
      <p>
        <Link className="button" to={backTo}>
          {backLabel}
        </Link>
      </p>
    </div>
  );
}
