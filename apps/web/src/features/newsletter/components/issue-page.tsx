import {
  NEWSLETTER_PROGRESS_POLL_MS,
  type NewsletterIssue,
  type UncertainResolution,
} from '@quillpost/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApiResult } from '../../../lib/api-client';
import { useNewsletterApi } from '../api/newsletter-api';
import { useApiResource } from '../../../lib/use-api-resource';
import { useDates } from '../../../lib/use-dates';
import { EmailPreview } from './email-preview';
import { SECTION_LABELS, STATUS_LABELS } from './format';
import { plural } from '../../../lib/format';
import { IssueProgress, IssueReport } from './issue-progress';
import { IssueResults } from './issue-results';
import { ActionNotice, type Notice } from './notice';
import { SendPanel } from './send-panel';

const LIVE = new Set(['sending', 'scheduled']);

function UncertainPanel({
  issue,
  busy,
  onResolve,
}: {
  issue: NewsletterIssue;
  busy: boolean;
  onResolve(action: UncertainResolution): void;
}) {
  const dates = useDates();
  const count = issue.uncertainBatches.reduce((sum, batch) => sum + batch.recipients, 0);
  if (!issue.uncertainBatches.length) return null;
  return (
    <section
      className="alert alert--error newsletter-uncertain"
      aria-labelledby="newsletter-uncertain-title"
    >
      <h2 id="newsletter-uncertain-title">{plural(count, 'delivery', 'deliveries')} uncertain</h2>
      <p>
        The sending process stopped in the middle of a batch (started{' '}
        {dates.dateTime(issue.uncertainBatches[0]!.startedAt)}), so the mail server may or may not
        have taken these messages. They were not sent again on their own. Sending them again may
        give some people a second copy; it carries the same Message-ID, which most mail providers
        use to show it once.
      </p>
      <div className="newsletter-actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => onResolve('resend')}
        >
          Send Them Again
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => onResolve('skip')}>
          Leave Them
        </button>
      </div>
    </section>
  );
}

/** One issue: preview, test, send or schedule, then live progress and the report. */
export function IssuePage({ issueId, backHref }: { issueId: number; backHref: string }) {
  const api = useNewsletterApi();
  const dates = useDates();
  const detail = useApiResource(
    `issue:${issueId}`,
    (_client, signal) => api.issue(issueId, { signal }),
    {
      pollMs: NEWSLETTER_PROGRESS_POLL_MS,
      pollWhile: (data) => LIVE.has(data.issue.status),
    },
  );
  const sources = useApiResource('sources', (_client, signal) => api.sources({ signal }));
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  async function act<T>(
    run: () => Promise<ApiResult<T>>,
    success?: (data: T) => string | NonNullable<Notice>,
  ) {
    setBusy(true);
    setNotice(null);
    const result = await run();
    setBusy(false);
    if (!result.ok) setNotice({ tone: 'error', text: result.message });
    else if (success) {
      const said = success(result.data);
      setNotice(typeof said === 'string' ? { tone: 'success', text: said } : said);
    }
    detail.reload();
  }

  if (detail.status === 'loading') return <p role="status">Loading the issue…</p>;
  if (detail.status === 'error') {
    return (
      <div className="alert alert--error" role="alert">
        <p>{detail.error.message}</p>
        <Link to={backHref}>Back to the issues</Link>
      </div>
    );
  }
  const { issue, report, results } = detail.data;
  const audience = sources.status === 'ready' ? sources.data.audience[issue.section] : null;
  const started = issue.startedAt !== null;
  // "Sending has started." holds only while it is true; the finished send says how it went.
  const shownNotice: Notice =
    notice?.untilFinished && issue.finishedAt !== null
      ? {
          tone: 'success',
          text: `Sent: ${plural(issue.progress.sent, 'mail', 'mails')} of ${issue.progress.total}.`,
        }
      : notice;

  return (
    <article className="newsletter-issue" aria-labelledby="newsletter-issue-title">
      <p>
        <Link to={backHref}>← All issues</Link>
      </p>
      <header className="newsletter-issue__head">
        <h2 id="newsletter-issue-title">{issue.title}</h2>
        <p className="newsletter-issue__meta">
          <span className={`newsletter-status newsletter-status--${issue.status}`}>
            {STATUS_LABELS[issue.status]}
          </span>{' '}
          {SECTION_LABELS[issue.section]} section · Subject “{issue.subject}”
          {issue.startedAt ? ` · Started ${dates.dateTime(issue.startedAt)}` : ''}
          {issue.finishedAt ? ` · Finished ${dates.dateTime(issue.finishedAt)}` : ''}
        </p>
      </header>

      <ActionNotice notice={shownNotice} />
      {issue.status === 'paused' && issue.pauseReason ? (
        <p className="alert alert--error" role="alert">
          {issue.pauseReason}
        </p>
      ) : null}
      <UncertainPanel
        issue={issue}
        busy={busy}
        onResolve={(action) =>
          void act(
            () => api.resolveUncertain(issue.id, action),
            () => (action === 'resend' ? 'Queued to be sent again.' : 'Left as they are.'),
          )
        }
      />

      <div className="newsletter-actions">
        {issue.status === 'draft' || issue.status === 'scheduled' ? (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() =>
              void act(
                () => api.sendTest(issue.id),
                (data) => `${data.message} It went to ${data.to}.`,
              )
            }
          >
            Send a Test to Me
          </button>
        ) : null}
        {issue.status === 'sending' ? (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void act(() => api.pause(issue.id))}
          >
            Pause
          </button>
        ) : null}
        {issue.status === 'paused' ? (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void act(() => api.resume(issue.id))}
          >
            Resume
          </button>
        ) : null}
        {['draft', 'scheduled', 'sending', 'paused'].includes(issue.status) ? (
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() =>
              void act(
                () => api.cancel(issue.id),
                () => (started ? 'Cancelled. Nobody else will get it.' : 'Cancelled.'),
              )
            }
          >
            {started ? 'Stop for Good' : 'Cancel'}
          </button>
        ) : null}
      </div>

      {issue.status === 'draft' || issue.status === 'scheduled' ? (
        <SendPanel
          issue={issue}
          audience={audience}
          busy={busy}
          onSend={(scheduledAt) =>
            void act(
              () => api.send(issue.id, scheduledAt),
              (data) =>
                data.issue.status === 'scheduled' && data.issue.scheduledAt
                  ? `Scheduled for ${dates.dateTime(data.issue.scheduledAt)}.`
                  : { tone: 'success', text: 'Sending has started.', untilFinished: true },
            )
          }
        />
      ) : null}
      {started ? <IssueProgress issue={issue} /> : null}
      {results ? (
        <IssueResults results={results} fileName={`newsletter-clicks_${issue.slug}`} />
      ) : null}
      {started ? <IssueReport report={report} finished={issue.finishedAt !== null} /> : null}
      <EmailPreview issueId={issue.id} />
    </article>
  );
}
