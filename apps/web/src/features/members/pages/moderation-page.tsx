import {
  API_ROUTES,
  BAN_DURATION_PRESETS_HOURS,
  FEDIVERSE_BLOCK_PERMISSIONS,
  MODERATION_ACTIONS,
  type ModerationAction,
  type QueueItem,
  type RemoteReply,
  pagePath,
} from '@quillpost/domain';
import { useId, useState } from 'react';
import { Link, NavLink, Navigate, useParams } from 'react-router-dom';
import type { ApiResult } from '../../../lib/api-client';
import { useDates } from '../../../lib/use-dates';
import { useMembersApi } from '../api/members-api';
import { CommentAuthor } from '../../../components/comment-author';
import { RemoteAuthor } from '../../../components/remote-author';
import { CommentText } from '../components/comment-text';
import { PageTitle } from '../../../components/page-title';
import { PagedView } from '../../../components/paged-view';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import {
  ActionNotice,
  EmptyNote,
  ResourceView,
  noticeOf,
  type Notice,
} from '../../../components/resource-view';
import { useResource } from '../../../lib/use-resource';
import { useCan } from '../../../lib/permissions';
import { plural } from '../../../lib/format';

const ACTION_LABELS: Record<ModerationAction, string> = {
  'comment.hide': 'Comment hidden',
  'comment.unhide': 'Comment restored',
  'comment.delete': 'Comment deleted',
  'reports.dismiss': 'Reports dismissed',
  'remote_reply.approve': 'Reply from elsewhere approved',
  'remote_reply.reject': 'Reply from elsewhere rejected',
  'fediverse.block': 'Blocked on the fediverse',
  'fediverse.unblock': 'Block lifted on the fediverse',
  'user.warn': 'Warning',
  'user.ban': 'Ban',
  'user.unban': 'Ban lifted',
  'user.role': 'Role change',
  'user.delete': 'Account deleted',
  'subscribers.export': 'Subscribers exported',
  'subscribers.import': 'Subscribers imported',
  'site.import': 'Site imported',
  'site.export': 'Everything downloaded',
  'settings.update': 'Settings changed',
  'site.update': 'Site changed',
  'content.sync': 'Content synced',
  'content.create': 'Writing started',
  'content.save': 'Writing saved',
  'content.remove': 'Writing moved to the trash',
  'content.restore': 'Writing restored',
  'event.create': 'Event created',
  'event.update': 'Event updated',
  'event.delete': 'Event deleted',
};

const banLabel = (hours: number) =>
  hours % 24 === 0 ? plural(hours / 24, 'day') : plural(hours, 'hour');

/**
 * An action on an item of the queue: the card is busy meanwhile and says how it went; the item
 * leaves the queue when it succeeded (`leaves`), or stays (a warning leaves the comment there).
 */
function useQueueAction(onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  async function run(action: () => Promise<ApiResult<unknown>>, done: string, leaves = true) {
    setBusy(true);
    const result = await action();
    setBusy(false);
    setNotice(noticeOf(result, done));
    if (result.ok && leaves) onDone();
  }
  return { busy, notice, run };
}

function QueueCard({ item, onDone }: { item: QueueItem; onDone(): void }) {
  const dates = useDates();
  const api = useMembersApi();
  const can = useCan();
  const id = useId();
  const [reason, setReason] = useState('');
  const [hours, setHours] = useState<(typeof BAN_DURATION_PRESETS_HOURS)[number]>(
    BAN_DURATION_PRESETS_HOURS[0],
  );
  const { busy, notice, run } = useQueueAction(onDone);
  const { comment, thread, reports } = item;
  const author = comment.author;

  const threadLink = thread.itemPath ?? pagePath('membersThread', { threadId: thread.id });

  return (
    <li className="members-card queue-item">
      <header className="comment__header">
        <CommentAuthor author={author} />
        <span className="muted">
          in <Link to={threadLink}>{thread.title}</Link> · {dates.dateTime(comment.createdAt)}
        </span>
        {comment.status === 'hidden' ? (
          <span className="members-badge members-badge--danger">Hidden</span>
        ) : null}
      </header>
      <blockquote className="queue-item__body">
        <CommentText text={comment.body ?? ''} />
      </blockquote>
      <h3 className="queue-item__reports">{plural(reports.length, 'report')}</h3>
      <ul className="members-list">
        {reports.map((report) => (
          <li key={report.id}>
            <strong>{report.reporter?.name ?? 'A member'}</strong>
            {report.reason ? `: “${report.reason}”` : ' (no reason given)'}{' '}
            <span className="muted">· {dates.dateTime(report.createdAt)}</span>
          </li>
        ))}
      </ul>
      <TextField
        id={`${id}-reason`}
        label="Reason (kept in the moderation log; needed to warn or ban)"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="members-inline-actions">
        {can('hide_content') && comment.status === 'visible' ? (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void run(() => api.hideComment(comment.id, reason), 'Comment hidden.')}
          >
            Hide Comment
          </button>
        ) : null}
        {can('delete_content') ? (
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() =>
              void run(() => api.removeComment(comment.id, reason), 'Comment deleted.')
            }
          >
            Delete Comment
          </button>
        ) : null}
        {can('manage_flags') ? (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void run(() => api.dismissReports(comment.id), 'Reports dismissed.')}
          >
            Dismiss Reports
          </button>
        ) : null}
      </div>
      {author ? (
        <div className="members-inline-actions">
          {can('warn_users') ? (
            <button
              type="button"
              className="button button--quiet"
              disabled={busy || reason.trim() === ''}
              onClick={() =>
                void run(
                  () => api.warnUser(author.id, reason),
                  `${author.name ?? 'The author'} was warned.`,
                  false,
                )
              }
            >
              Warn Author
            </button>
          ) : null}
          {can('temp_ban_users') ? (
            <>
              <SelectField
                id={`${id}-hours`}
                label="Ban length"
                labelHidden
                inline
                selectClassName="members-select"
                value={hours}
                options={BAN_DURATION_PRESETS_HOURS}
                optionLabel={banLabel}
                onChange={setHours}
              />
              <button
                type="button"
                className="button button--quiet"
                disabled={busy || reason.trim() === ''}
                onClick={() =>
                  void run(
                    () => api.tempBan(author.id, hours, reason),
                    `${author.name ?? 'The author'} is banned for ${banLabel(hours)}.`,
                    false,
                  )
                }
              >
                Ban Author
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      <ActionNotice notice={notice} />
    </li>
  );
}

/** A reply from another server, held until a moderator approves it (decision 0036). */
function HeldReplyCard({ reply, onDone }: { reply: RemoteReply; onDone(): void }) {
  const dates = useDates();
  const api = useMembersApi();
  const can = useCan();
  const { busy, notice, run } = useQueueAction(onDone);
  const { author } = reply;

  return (
    <li className="members-card queue-item">
      <header className="comment__header">
        <RemoteAuthor remote={{ source: reply.source, author, url: reply.url }} />
        <span className="muted">
          on <Link to={reply.post.path}>{reply.post.title}</Link> ·{' '}
          {dates.dateTime(reply.receivedAt)}
        </span>
        <span className="members-badge">Held</span>
      </header>
      <blockquote className="queue-item__body">
        <CommentText text={reply.text} />
      </blockquote>
      <div className="members-inline-actions">
        {can(API_ROUTES.adminRemoteReplyApprove.permission) ? (
          <>
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() =>
                void run(
                  () => api.approveRemoteReply(reply.id),
                  'Approved: it shows under the post.',
                )
              }
            >
              Approve
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() =>
                void run(() => api.rejectRemoteReply(reply.id), 'Rejected: nobody sees it.')
              }
            >
              Reject
            </button>
          </>
        ) : null}
        {/* A page's author (a Webmention's) has no account on the fediverse to block. */}
        {author.handle && can(FEDIVERSE_BLOCK_PERMISSIONS.account) ? (
          <button
            type="button"
            className="button button--quiet"
            disabled={busy}
            onClick={() =>
              void run(
                () => api.blockRemoteAccount(author.handle!),
                `Blocked ${author.handle}: their replies are gone, and nothing more comes from them.`,
                false,
              )
            }
          >
            Block Account
          </button>
        ) : null}
      </div>
      <ActionNotice notice={notice} />
    </li>
  );
}

/** One queue: reported comments, then replies from other servers waiting for a moderator. */
function Queue() {
  const api = useMembersApi();
  const queue = useResource('queue', (_client, signal) => api.moderationQueue({ signal }));
  const held = useResource('queue:held-replies', (_client, signal) =>
    api.heldRemoteReplies({ signal }),
  );
  return (
    <ResourceView resource={queue} label="the moderation queue">
      {(reported) => (
        <ResourceView resource={held} label="the replies from other servers">
          {(replies) =>
            reported.items.length === 0 && replies.items.length === 0 ? (
              <EmptyNote>
                <p>
                  Nothing is waiting. Reported comments and replies from other servers appear here.
                </p>
              </EmptyNote>
            ) : (
              <ul className="members-rows">
                {reported.items.map((item) => (
                  <QueueCard key={item.comment.id} item={item} onDone={queue.reload} />
                ))}
                {replies.items.map((reply) => (
                  <HeldReplyCard key={`held:${reply.id}`} reply={reply} onDone={held.reload} />
                ))}
              </ul>
            )
          }
        </ResourceView>
      )}
    </ResourceView>
  );
}

function Log() {
  const dates = useDates();
  const api = useMembersApi();
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<ModerationAction | ''>('');
  const log = useResource(`log:${page}:${action}`, (_client, signal) =>
    api.moderationLog(page, action, { signal }),
  );
  return (
    <>
      <SelectField
        id="log-action"
        label="Show"
        className="members-search"
        selectClassName="members-select"
        value={action}
        options={['', ...MODERATION_ACTIONS]}
        optionLabel={(value) => (value ? ACTION_LABELS[value] : 'Everything')}
        onChange={(value) => {
          setAction(value);
          setPage(1);
        }}
      />
      <PagedView
        resource={log}
        label="the moderation log"
        empty={<p>The log is empty.</p>}
        onPage={setPage}
      >
        {(data) => (
          <ol className="members-rows log-list">
            {data.items.map((entry) => (
              <li key={entry.id} className="members-row log-entry">
                <span className="members-row__main">
                  <span className="members-badge">{ACTION_LABELS[entry.action]}</span>
                  <span className="log-entry__what">
                    <strong>{entry.actor?.name ?? 'A staff member'}</strong>: {entry.summary}
                  </span>
                  {entry.targetUser ? (
                    <span className="members-row__meta">
                      Account: <strong>{entry.targetUser.name ?? 'a deleted account'}</strong>
                    </span>
                  ) : null}
                  {entry.reason ? (
                    <span className="members-row__meta">Reason: {entry.reason}</span>
                  ) : null}
                </span>
                <time className="muted log-entry__time" dateTime={entry.createdAt}>
                  {dates.dateTime(entry.createdAt)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </PagedView>
    </>
  );
}

export default function ModerationPage() {
  const can = useCan();
  // Absolute: relative links inside a splat route (moderation/*) resolve against the whole URL.
  const tabs = [
    ...(can('moderate_comments') ? [{ path: 'queue', label: 'Queue', View: Queue }] : []),
    ...(can('view_moderation_logs') ? [{ path: 'log', label: 'Log', View: Log }] : []),
  ].map((tab) => ({ ...tab, to: pagePath('membersModeration', { '*': tab.path }) }));
  // The tab is the rest of the path; an unknown or forbidden one opens the first allowed.
  const rest = useParams()['*'];
  const current = tabs.find((tab) => tab.path === rest);

  return (
    <>
      <PageTitle
        title="Moderation"
        lede="Reported comments, replies from other servers, and the record of every staff action."
      />
      {tabs.length === 0 ? (
        <p className="alert alert--error" role="alert">
          You do not have permission to moderate.
        </p>
      ) : (
        <>
          <nav className="members-tabs" aria-label="Moderation">
            {tabs.map((tab) => (
              <NavLink key={tab.path} to={tab.to} className="members-tabs__link">
                {tab.label}
              </NavLink>
            ))}
          </nav>
          {current ? <current.View /> : <Navigate to={tabs[0]!.to} replace />}
        </>
      )}
    </>
  );
}
