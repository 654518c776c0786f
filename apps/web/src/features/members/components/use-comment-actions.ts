import { MESSAGES, type Comment } from '@quillpost/domain';
import { useState } from 'react';
import type { ApiResult } from '../../../lib/api-client';
import { noticeOf, type Notice } from '../../../components/resource-view';
import { useMembersApi } from '../api/members-api';

/** The one form a comment shows at a time, if any. */
export type CommentMode = 'view' | 'edit' | 'reply' | 'report' | 'hide' | 'remove';

/**
 * What a member or moderator does with one comment, which of its forms is open and what the last
 * action said. `onChanged` is told whenever the thread should be read again.
 */
export function useCommentActions(comment: Comment, onChanged: () => void) {
  const api = useMembersApi();
  const [mode, setMode] = useState<CommentMode>('view');
  const [notice, setNotice] = useState<Notice>(null);

  /** A form that went through closes; one that failed stays open with its error. */
  function closeOnSuccess<T extends ApiResult<unknown>>(result: T): T {
    if (result.ok) setMode('view');
    return result;
  }

  async function remove() {
    const result = await api.deleteComment(comment.id);
    if (!result.ok) setNotice({ tone: 'error', text: result.message });
    else onChanged();
  }

  /** A moderator's decision, taken where the comment is read; logged as in the moderation queue. */
  async function moderate(action: Promise<ApiResult<unknown>>, done: string) {
    const result = await action;
    setMode('view');
    setNotice(noticeOf(result, done));
    if (result.ok) onChanged();
  }

  async function report(reason: string) {
    const result = await api.reportComment(comment.id, reason);
    setMode('view');
    setNotice(noticeOf(result, MESSAGES.COMMENT_REPORTED));
    if (result.ok) onChanged();
  }

  return {
    mode,
    open: setMode,
    close: () => setMode('view'),
    closeOnSuccess,
    notice,
    async edit(body: string) {
      const result = closeOnSuccess(await api.editComment(comment.id, body));
      if (result.ok) onChanged();
      return result;
    },
    remove: () => void remove(),
    report: (reason: string) => void report(reason),
    hide: (reason: string) => void moderate(api.hideComment(comment.id, reason), 'Hidden.'),
    removeForReason: (reason: string) =>
      void moderate(api.removeComment(comment.id, reason), 'Removed.'),
    showAgain: () => void moderate(api.unhideComment(comment.id), 'Shown again.'),
    reject: () => void moderate(api.rejectRemoteReply(comment.id), 'Rejected.'),
    blockAuthor: (handle: string) =>
      void moderate(
        api.blockRemoteAccount(handle),
        'Blocked: their replies are gone, and nothing more comes from them.',
      ),
  };
}

export type CommentActions = ReturnType<typeof useCommentActions>;
