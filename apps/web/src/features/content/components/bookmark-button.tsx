/**
 * SEAM for the members area: the bookmark button on a post page.
 *
 * The post page renders <BookmarkSlot> (below), which shows <BookmarkButton> only to signed-in
 * readers: an island that comes alive for a reader this browser knows (decision 0035). BookmarkButton is the members area's (src/features/members/components): a bookmark
 * toggle plus a link to the post's discussion.
 */
import { isAuthenticatedLevel } from '@quillpost/domain';
import { useMembership } from '../../../lib/membership/membership-context';
import { BookmarkButton, type BookmarkButtonProps } from '../../members';
import { Island } from '../../../islands/island';

/** Renders the bookmark button for signed-in readers only; nothing for everyone else. */
export function BookmarkSlotBody(props: BookmarkButtonProps) {
  const { state } = useMembership();
  if (!isAuthenticatedLevel(state.level)) return null;
  return <BookmarkButton {...props} />;
}

export function BookmarkSlot(props: BookmarkButtonProps) {
  return <Island name="bookmark" when="member" component={BookmarkSlotBody} props={props} />;
}
