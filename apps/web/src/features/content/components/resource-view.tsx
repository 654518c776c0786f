import { SHELL_MESSAGES, type LoadingAnimationVariant } from '@quillpost/domain';
import type { ReactNode } from 'react';
import { LoadingAnimation } from '../../../components/loading-animation';
import type { ApiFailure } from '../../../lib/api-client';
import type { ResourceState } from '../../../lib/use-api-resource';

/** A load that failed: the catalogue message and a way to try again. */
export function LoadError({ error, onRetry }: { error: ApiFailure; onRetry?: () => void }) {
  return (
    <div className="alert alert--error load-error" role="alert">
      <p>{error.message}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {SHELL_MESSAGES.TRY_AGAIN}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Renders a resource: the loading animation while it loads, an error with Try Again if it
 * fails (or the page's own error view), and `children(data)` once it is there.
 */
export function ResourceView<T>({
  resource,
  variant = 'pulse',
  label,
  error,
  children,
}: {
  resource: ResourceState<T>;
  variant?: LoadingAnimationVariant;
  label?: string;
  error?: (failure: ApiFailure) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (resource.status === 'loading') {
    return <LoadingAnimation className="resource-loading" variant={variant} label={label} defer />;
  }
  if (resource.status === 'error') {
    return error ? (
      error(resource.error)
    ) : (
      <LoadError error={resource.error} onRetry={resource.reload} />
    );
  }
  return children(resource.data);
}
