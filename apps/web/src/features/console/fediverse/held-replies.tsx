import { REMOTE_REPLY_SOURCE_WORDS, type RemoteReply } from '@quillpost/domain';
import { useId, useState } from 'react';
import type { ApiResult } from '../../../lib/api-client';
import {
  ActionNotice,
  EmptyNote,
  ResourceView,
  type Notice,
} from '../../../components/resource-view';
import { useDates } from '../../../lib/use-dates';
import { useResource } from '../../../lib/use-resource';
import { useConsoleApi } from '../api/console-api';
import { BlockButtons, domainOf } from './block-buttons';

function HeldReply({
  reply,
  onReviewed,
  onBlocked,
}: {
  reply: RemoteReply;
  /** Approved or rejected: it leaves the list, and the section says what became of it. */
  onReviewed(done: string): void;
  onBlocked(): void;
}) {
  const api = useConsoleApi();
  const dates = useDates();
  const id = useId();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  async function review(action: () => Promise<ApiResult<RemoteReply>>, done: string) {
    setBusy(true);
    const result = await action();
    setBusy(false);
    if (!result.ok) return setNotice({ tone: 'error', text: result.message });
    onReviewed(done);
  }

  const { author } = reply;
  return (
    <li className="members-card fediverse-reply">
      <p className="members-row__meta muted">
        On <a href={reply.post.path}>{reply.post.title}</a> ·{' '}
        {REMOTE_REPLY_SOURCE_WORDS[reply.source]} ·{' '}
        <time dateTime={reply.receivedAt}>{dates.dateTime(reply.receivedAt)}</time>
      </p>
      <p className="fediverse-reply__author" id={`${id}-author`}>
        <a href={author.url} rel="nofollow noopener noreferrer">
          <strong>{author.name}</strong>
        </a>
        {author.handle ? <span className="muted"> {author.handle}</span> : null}
      </p>
      <p className="fediverse-reply__text">{reply.text}</p>
      <p>
        <a href={reply.url} rel="nofollow noopener noreferrer">
          See the original
        </a>
      </p>
      <div className="members-inline-actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-describedby={`${id}-author`}
          onClick={() =>
            void review(
              () => api.approveReply(reply.id),
              `Approved the reply by ${author.name}: it shows under “${reply.post.title}”.`,
            )
          }
        >
          Approve
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-describedby={`${id}-author`}
          onClick={() =>
            void review(
              () => api.rejectReply(reply.id),
              `Rejected the reply by ${author.name}: nobody sees it.`,
            )
          }
        >
          Reject
        </button>
        <BlockButtons
          account={author.handle ?? author.url}
          domain={reply.source === 'fediverse' ? domainOf(author.url) : null}
          describedBy={`${id}-author`}
          onBlocked={onBlocked}
        />
      </div>
      <ActionNotice notice={notice} />
    </li>
  );
}

/** Replies from other servers waiting for the owner: shown under their post once approved. */
export function HeldReplies({ onBlocked }: { onBlocked(): void }) {
  const api = useConsoleApi();
  const replies = useResource('fediverse:held-replies', (_client, signal) =>
    api.heldReplies({ signal }),
  );
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <section className="fediverse-part" aria-labelledby="held-replies">
      <h2 id="held-replies" className="analytics__heading">
        Held replies
      </h2>
      <ActionNotice notice={notice} />
      <ResourceView resource={replies} label="held replies">
        {(data) =>
          data.items.length === 0 ? (
            <EmptyNote>
              <p>
                No replies waiting. Replies from other servers wait here until you approve them.
              </p>
            </EmptyNote>
          ) : (
            <ul className="members-rows members-rows--cards">
              {data.items.map((reply) => (
                <HeldReply
                  key={reply.id}
                  reply={reply}
                  onReviewed={(done) => {
                    setNotice({ tone: 'success', text: done });
                    replies.reload();
                  }}
                  onBlocked={() => {
                    replies.reload();
                    onBlocked();
                  }}
                />
              ))}
            </ul>
          )
        }
      </ResourceView>
    </section>
  );
}
