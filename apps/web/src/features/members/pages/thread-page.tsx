import { ITEM_NOUNS, itemPath, MESSAGES, PAGE_PATHS } from '@quillpost/domain';
import { Link, useParams } from 'react-router-dom';
import { replyTo, useMembersApi, type ReplyTo } from '../api/members-api';
import { CommentForm, CommentThread } from '../components/comment-thread';
import { PageTitle } from '../../../components/page-title';
import { ResourceView } from '../../../components/resource-view';
import { useResource } from '../../../lib/use-resource';
import { useCan } from '../../../lib/permissions';

/** A general thread (/members/discussions/threads/:threadId) or a post's comments
 * (/members/discussions/posts/:postId). */
export default function ThreadPage() {
  const api = useMembersApi();
  const can = useCan();
  // Two routes share this page: a post's route names the post, a thread's the thread.
  const { threadId = '', postId } = useParams();
  const key = postId === undefined ? `thread:${threadId}` : `post:${postId}`;
  const thread = useResource(key, (_client, signal) =>
    postId === undefined ? api.thread(threadId, { signal }) : api.postThread(postId, { signal }),
  );

  const comment = async (body: string, to?: ReplyTo) => {
    const result =
      postId === undefined
        ? await api.commentOnThread(threadId, body, to)
        : await api.commentOnPost(postId, body, to);
    if (result.ok) thread.reload();
    return result;
  };

  return (
    <ResourceView resource={thread} label="the discussion">
      {(data) => (
        <>
          <p className="members-back">
            <Link to={PAGE_PATHS.membersDiscussions}>← All discussions</Link>
          </p>
          <PageTitle
            title={data.thread.title}
            lede={
              data.thread.post ? (
                <>
                  Comments on{' '}
                  <Link to={itemPath(data.thread.post.kind, data.thread.post.slug)}>
                    the {ITEM_NOUNS[data.thread.post.kind]}
                  </Link>
                  .
                </>
              ) : data.thread.author ? (
                `Started by ${data.thread.author.name ?? 'a member'}.`
              ) : undefined
            }
          />
          <CommentThread
            comments={data.comments}
            onReply={
              data.commentsOpen ? (body, answered) => comment(body, replyTo(answered)) : undefined
            }
            onChanged={thread.reload}
          />
          {!data.commentsOpen ? (
            <p className="alert">{MESSAGES.COMMENTS_CLOSED}</p>
          ) : can('comment') ? (
            <div className="members-card">
              <CommentForm
                label="Add a comment"
                submitLabel="Comment"
                onSubmit={(body) => comment(body)}
              />
            </div>
          ) : (
            <p className="muted">Members can join the conversation. Your role can read along.</p>
          )}
        </>
      )}
    </ResourceView>
  );
}
