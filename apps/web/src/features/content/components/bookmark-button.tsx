/**
 * SEAM for the members area: the bookmark button on a post page.
 *
 * The post page renders <BookmarkSlot> (below), which shows <BookmarkButton> only to signed-in
 * readers. BookmarkButton is a placeholder until the members engineer implements bookmarks
 * (spec section 6: bookmarking is a member permission). To implement it, replace the body of
 * BookmarkButton, keeping its props, or make this module re-export the real button from
 * src/features/members; the post page does not need to change.
 */
import { isAuthenticatedLevel } from '@quillpost/domain';
import { useMembership } from '../../membership/membership-context';

export interface BookmarkButtonProps {
  postId: string;
  slug: string;
  title: string;
}

/** Placeholder: looks like the real button, does nothing yet, and says so. */
export function BookmarkButton({ title }: BookmarkButtonProps) {
  return (
    <button
      type="button"
      className="button button--quiet bookmark-button"
      aria-disabled="true"
      data-seam="bookmark-button"
      title="Bookmarks are coming soon"
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M6 3.5h12a.5.5 0 0 1 .5.5v16.2a.3.3 0 0 1-.47.25L12 16.5l-6.03 3.95a.3.3 0 0 1-.47-.25V4a.5.5 0 0 1 .5-.5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <span>Bookmark</span>
      <span className="visually-hidden"> “{title}” (coming soon)</span>
    </button>
  );
}

/** Renders the bookmark button for signed-in readers only; nothing for everyone else. */
export function BookmarkSlot(props: BookmarkButtonProps) {
  const { state } = useMembership();
  if (!isAuthenticatedLevel(state.level)) return null;
  return <BookmarkButton {...props} />;
}
