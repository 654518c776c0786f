import type { NewsletterIssue, NewsletterReport } from '@quillpost/domain';
import { plural } from '../../../lib/format';

const COUNTS = [
  ['queued', 'Queued'],
  ['sent', 'Sent'],
  ['failed', 'Failed'],
  ['bounced', 'Bounced'],
  ['skipped', 'Skipped'],
  ['uncertain', 'Uncertain'],
  ['unsubscribedSince', 'Unsubscribed since'],
] as const;

/** Where a send stands: a bar of recipients settled so far and every count. */
export function IssueProgress({ issue }: { issue: NewsletterIssue }) {
  const { progress } = issue;
  const settled = progress.total - progress.queued;
  return (
    <section className="newsletter-card" aria-labelledby="newsletter-progress-title">
      <h2 id="newsletter-progress-title">Progress</h2>
      {progress.total === 0 ? (
        <p className="muted">
          {issue.status === 'sending' ? 'Fixing the list of recipients…' : 'Not started yet.'}
        </p>
      ) : (
        <>
          <progress
            className="newsletter-progress"
            max={progress.total}
            value={settled}
            aria-label={`${settled} of ${progress.total} recipients done`}
          />
          <p className="newsletter-progress__caption">
            {plural(progress.sent, 'mail')} sent of {progress.total.toLocaleString('en')}
          </p>
        </>
      )}
      <dl className="newsletter-counts">
        {COUNTS.map(([key, label]) => (
          <div key={key} className={`newsletter-counts__item newsletter-counts__item--${key}`}>
            <dt>{label}</dt>
            <dd>{progress[key].toLocaleString('en')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** "42 s", "3 min 5 s", "1 h 2 min". */
function duration(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${seconds.toFixed(1)} s`;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return hours ? `${hours} h ${minutes} min` : rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}

/** The final report (or the report so far): speed and everyone not simply sent. */
export function IssueReport({ report, finished }: { report: NewsletterReport; finished: boolean }) {
  return (
    <section className="newsletter-card" aria-labelledby="newsletter-report-title">
      <h2 id="newsletter-report-title">{finished ? 'Report' : 'Report so far'}</h2>
      {report.durationSeconds !== null ? (
        <p>
          {report.durationSeconds < 1
            ? 'Delivered in under a second'
            : `Delivered over ${duration(report.durationSeconds)}`}
          {report.messagesPerSecond !== null ? ` (${report.messagesPerSecond} mails a second)` : ''}
          .
        </p>
      ) : null}
      {report.problems.length === 0 ? (
        <p className="muted">No failures, bounces or uncertain deliveries.</p>
      ) : (
        <table className="newsletter-table">
          <caption className="visually-hidden">Recipients not simply sent</caption>
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Outcome</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last error</th>
            </tr>
          </thead>
          <tbody>
            {report.problems.map((problem) => (
              <tr key={problem.email}>
                <td>{problem.email}</td>
                <td>{problem.status}</td>
                <td>{problem.attempts}</td>
                <td>{problem.error ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
