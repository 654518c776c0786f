import type { ReactNode } from 'react';
import type { ApiResult } from '../lib/api-client';
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

/** What the last action came to, said under it; null before any. */
export type Notice = { tone: 'success' | 'error'; text: string } | null;

/** An action's notice from the API's answer: `done` when it worked, the API's message when not. */
export function noticeOf<T>(result: ApiResult<T>, done: string | ((data: T) => string)): Notice {
  if (!result.ok) return { tone: 'error', text: result.message };
  return { tone: 'success', text: typeof done === 'string' ? done : done(result.data) };
}

/** A short status line after an action: success or the failure's message. */
export function ActionNotice({
  notice,
  className = 'members-notice',
}: {
  notice: Notice;
  /** Its spacing where it sits (the newsletter's sit flush in their cards). */
  className?: string;
}) {
  if (!notice) return null;
  return (
    <p
      className={`alert alert--${notice.tone} ${className}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
    >
      {notice.text}
    </p>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return <div className="members-empty">{children}</div>;
}
