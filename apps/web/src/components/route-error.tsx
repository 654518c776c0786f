/**
 * The error boundary of every page without one of its own: a 404 says the page is not here; any
 * other failure (the API unreachable after a client-side navigation) shows its message with Try
 * Again, which runs the page's loaders again.
 */
import { SHELL_MESSAGES, PAGE_PATHS } from '@quillpost/domain';
import { Link, useRevalidator, useRouteError } from 'react-router-dom';
import { errorStatus } from '../lib/route-handle';

function failureMessage(error: unknown): string {
  const data = (error as { data?: { message?: unknown } } | null)?.data;
  return typeof data?.message === 'string' ? data.message : SHELL_MESSAGES.REQUEST_FAILED;
}

export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const missing = errorStatus(error) === 404;
  return (
    <div className="page page--reading">
      <p className="page__eyebrow">{missing ? 'Error 404' : 'Something went wrong'}</p>
      <h1>{missing ? 'This page isn’t here' : 'This page could not be loaded'}</h1>
      {missing ? (
        <p className="page__lede">It may have moved, or the link may have a typo.</p>
      ) : (
        <div className="alert alert--error load-error" role="alert">
          <p>{failureMessage(error)}</p>
          <button
            type="button"
            className="button"
            disabled={revalidator.state === 'loading'}
            onClick={() => void revalidator.revalidate()}
          >
            {SHELL_MESSAGES.TRY_AGAIN}
          </button>
        </div>
      )}
      <p>
        <Link className="button" to={PAGE_PATHS.home}>
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
