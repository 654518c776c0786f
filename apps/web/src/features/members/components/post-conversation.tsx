/**
 * The conversation under a post for a signed-in reader (issue 26), loaded only for them: their
 * own view of the thread (their comments, staff's hidden ones), a reply under each comment, a
 * composer at the end, and Hide and Remove for staff, where the comment is read.
 */
import { MESSAGES } from '@quillpost/domain';
import { useEffect } from 'react';
import { replyTo, useMembersApi, type ReplyTo } from '../api/members-api';
import { useResource } from '../../../lib/use-resource';
import { useCan } from '../../../lib/permissions';
import { CommentForm, CommentThread } from './comment-thread';
import { ResourceView } from '../../../components/resource-view';
import '../members.css';

export default function PostConversation({
  postId,
  onChanged,
}: {
  postId: string;
  /** After the reader's own change: the page's count follows. */
  onChanged(count: number): void;
}) {
  const api = useMembersApi();
  const can = useCan();
  const thread = useResource(`post:${postId}`, (_client, signal) =>
    api.postThread(postId, { signal }),
  );
  const changed = () => thread.reload();
  // The thread's count, as the API keeps it: comments and replies any visitor sees.
  const count = thread.status === 'ready' ? thread.data.thread.commentCount : null;
  useEffect(() => {
    if (count !== null) onChanged(count);
  }, [count, onChanged]);
  const comment = async (body: string, to?: ReplyTo) => {
    const result = await api.commentOnPost(postId, body, to);
    if (result.ok) changed();
    return result;
  };
  return (
    <ResourceView resource={thread} label="the conversation">
      {(data) => (
        <>
          <CommentThread
            comments={data.comments}
            onReply={
              data.commentsOpen ? (body, answered) => comment(body, replyTo(answered)) : undefined
            }
            onChanged={changed}
          />
          {!data.commentsOpen ? (
            <p className="alert">{MESSAGES.COMMENTS_CLOSED}</p>
          ) : can('comment') ? (
            <CommentForm
              label="Add to the conversation"
              submitLabel="Post Comment"
              onSubmit={(body) => comment(body)}
            />
          ) : (
            <p className="muted">Members can join the conversation. Your role can read along.</p>
          )}
        </>
      )}
    </ResourceView>
  );
}
