import type { ReactNode } from 'react';
import type { ResourceState } from '../lib/use-resource';

/** Loading, failed (with Try Again) or ready: one look for every list in the members area. */
export function ResourceView<T>({
  resource,
  label,
  children,
}: {
  resource: ResourceState<T>;
  /** What is loading, for screen readers ("your bookmarks"). */
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (resource.status === 'loading') {
    return (
      <p className="members-loading" role="status">
        Loading {label}…
      </p>
    );
  }
  if (resource.status === 'error') {
    return (
      <div className="alert alert--error members-error" role="alert">
        <p>{resource.error.message}</p>
        <button type="button" className="button" onClick={resource.reload}>
          Try Again
        </button>
      </div>
    );
  }
  return <>{children(resource.data)}</>;
}

/** A short status line after an action: success or the failure's message. */
export function ActionNotice({
  notice,
}: {
  notice: { tone: 'success' | 'error'; text: string } | null;
}) {
  if (!notice) return null;
  return (
    <p
      className={`alert alert--${notice.tone} members-notice`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
    >
      {notice.text}
    </p>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return <div className="members-empty">{children}</div>;
}
