/**
 * The bookmark toggle on a post page (the reading pages' BookmarkSlot renders it for signed-in
 * readers), with a link to the post's discussion beside it. Kept free of zod and the members
 * area's other code: it loads with every post.
 */
import { pagePath } from '@quillpost/domain';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useApiClient } from '../../../lib/api-context';
import { useCan } from '../../../lib/permissions';
import '../members.css';

export interface BookmarkButtonProps {
  postId: string;
  slug: string;
  title: string;
}

type State = 'unknown' | 'on' | 'off';

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M6 3.5h12a.5.5 0 0 1 .5.5v16.2a.3.3 0 0 1-.47.25L12 16.5l-6.03 3.95a.3.3 0 0 1-.47-.25V4a.5.5 0 0 1 .5-.5z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function BookmarkButton({ postId, title }: BookmarkButtonProps) {
  const api = useApiClient();
  const can = useCan();
  const allowed = can('bookmark');
  const [state, setState] = useState<State>('unknown');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!allowed) return;
    const controller = new AbortController();
    void api
      .call('bookmarkStatus', { params: { postId }, signal: controller.signal })
      .then((result) => {
        if (!controller.signal.aborted && result.ok) {
          setState(result.data.bookmarked ? 'on' : 'off');
        }
      });
    return () => controller.abort();
  }, [api, postId, allowed]);

  async function toggle() {
    const next: State = state === 'on' ? 'off' : 'on';
    setBusy(true);
    setError(null);
    const result =
      next === 'on'
        ? await api.call('bookmarkAdd', { params: { postId } })
        : await api.call('bookmarkRemove', { params: { postId } });
    setBusy(false);
    if (result.ok) setState(next);
    else setError(result.message);
  }

  const on = state === 'on';
  return (
    <span className="post-member-actions">
      {allowed ? (
        <button
          type="button"
          className="button button--quiet bookmark-button"
          data-seam="bookmark-button"
          aria-pressed={on}
          disabled={busy || state === 'unknown'}
          onClick={() => void toggle()}
        >
          <BookmarkIcon filled={on} />
          <span>{on ? 'Bookmarked' : 'Bookmark'}</span>{' '}
          <span className="visually-hidden">“{title}”</span>
        </button>
      ) : null}
      <Link className="button button--quiet" to={pagePath('membersPostDiscussion', { postId })}>
        Discuss <span className="visually-hidden">“{title}”</span>
      </Link>
      {error ? (
        <span className="post-member-actions__error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
