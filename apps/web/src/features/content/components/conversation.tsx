/**
 * The conversation under a post, journal entry or poem (issue 26), in the server-rendered page: every visitor reads its
 * comments and replies and how many there are, the same HTML for everyone (so the page stays
 * cacheable). A visitor is asked to sign in to join, and comes back here; a signed-in reader's
 * own part (composer, replies, their edits, staff's Hide and Remove) is the members area's, a
 * chunk loaded only for them.
 */
import {
  isAuthenticatedLevel,
  PAGE_PATHS,
  itemPath,
  linkifyText,
  type Comment,
  type PostConversation as Conversation,
  type ReadableKind,
} from '@quillpost/domain';
import { Suspense, useCallback, useState } from 'react';
import { useMembership } from '../../../lib/membership/membership-context';
import { useDates } from '../../../lib/use-dates';
import { useHydrated } from '../../../lib/use-hydrated';
import { CommentByline } from '../../../components/comment-author';
import { PostConversation } from '../../members';
import { useSignIn } from '../../sign-in';
import { Island } from '../../../islands/island';
import { ActionLink } from '../../../components/action-link';
import './conversation.css';

const JOIN_TITLE = 'Sign in to join the conversation';

const countLabel = (count: number) =>
  count === 0 ? 'Conversation' : count === 1 ? '1 comment' : `${count} comments`;

function CommentBody({ text }: { text: string }) {
  return (
    <p className="conversation__text">
      {linkifyText(text).map((segment, index) =>
        segment.kind === 'link' ? (
          <a key={index} href={segment.href} rel="nofollow ugc noopener noreferrer">
            {segment.text}
          </a>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </p>
  );
}

/** Comments and replies from other servers share ids' numbers: keys keep them apart. */
const keyOf = (comment: Comment) => (comment.remote ? `remote-${comment.id}` : comment.id);

/** One comment as every visitor sees it: who (a member, or someone on another server), when, what. */
function ReadComment({ comment }: { comment: Comment }) {
  const dates = useDates();
  if (comment.body === null || (comment.author === null && !comment.remote)) {
    return <p className="conversation__gone">This comment is no longer shown.</p>;
  }
  return (
    <article className="conversation__comment">
      <header className="conversation__meta">
        <CommentByline comment={comment} />
        <time className="conversation__time" dateTime={comment.createdAt}>
          {dates.dateTime(comment.createdAt)}
        </time>
      </header>
      <CommentBody text={comment.body} />
    </article>
  );
}

interface ConversationProps {
  kind: ReadableKind;
  itemId: string;
  slug: string;
  /** As the server read it; null when it could not be read (the post still shows). */
  conversation: Conversation | null;
}

export function ConversationBody({ kind, itemId, slug, conversation }: ConversationProps) {
  const { state } = useMembership();
  const hydrated = useHydrated();
  const { openSignIn } = useSignIn();
  const [count, setCount] = useState(conversation?.count ?? 0);
  const onChanged = useCallback((next: number) => setCount(next), []);
  const member = hydrated && isAuthenticatedLevel(state.level);
  const readOnly = conversation ? (
    conversation.comments.length === 0 ? (
      <p className="conversation__empty">No comments yet.</p>
    ) : (
      <ol className="conversation__list">
        {conversation.comments.map((comment) => (
          <li key={keyOf(comment)}>
            <ReadComment comment={comment} />
            {comment.replies.length ? (
              <ol className="conversation__list conversation__list--replies">
                {comment.replies.map((reply) => (
                  <li key={keyOf(reply)}>
                    <ReadComment comment={reply} />
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
    )
  ) : null;

  return (
    <section className="conversation" id="conversation" aria-labelledby="conversation-title">
      <h2 id="conversation-title" className="conversation__title">
        {countLabel(count)}
      </h2>
      {member ? (
        <Suspense fallback={readOnly}>
          <PostConversation postId={itemId} onChanged={onChanged} />
        </Suspense>
      ) : (
        <>
          {readOnly}
          {conversation?.commentsOpen === false ? (
            <p className="conversation__closed">Comments are closed.</p>
          ) : (
            <p className="conversation__join">
              {/* The members area's sign-in without JavaScript; src/islands/boot.ts opens the dialog. */}
              <ActionLink
                href={PAGE_PATHS.members}
                className="button"
                action="sign-in"
                data={{ title: JOIN_TITLE, return: `${itemPath(kind, slug)}#conversation` }}
                onAct={() =>
                  openSignIn({
                    title: JOIN_TITLE,
                    returnUrl: `${itemPath(kind, slug)}#conversation`,
                  })
                }
              >
                Sign In to Join the Conversation
              </ActionLink>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * Everyone reads the same conversation; only a member's differs (their composer, their edits),
 * so it becomes live for a reader this browser knows, once it scrolls near.
 */
export function ConversationSection(props: ConversationProps) {
  return (
    <Island name="conversation" when="member-visible" component={ConversationBody} props={props} />
  );
}
