import type { ReactNode } from 'react';
import { Link, useRouteError } from 'react-router-dom';
import { RouteError } from '../../../components/route-error';
import { errorStatus } from '../../../lib/route-handle';

/**
 * The error boundary of a single item's page (book, project, archived now page, journal entry,
 * poem): a friendly page for a 404, with the way back; anything else is the general failure with
 * Try Again.
 */
export function itemErrorBoundary({
  what,
  backTo,
  backLabel,
  pageClassName = 'page page--reading',
}: {
  what: string;
  backTo: string;
  backLabel: ReactNode;
  /** The page's own layout class, so the notice sits where the item would have. */
  pageClassName?: string;
}) {
  return function ItemErrorBoundary() {
    if (errorStatus(useRouteError()) !== 404) return <RouteError />;
    return (
      <div className={pageClassName}>
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
      </div>
    );
  };
}
