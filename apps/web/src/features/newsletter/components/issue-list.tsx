import {
  NEWSLETTER_PROGRESS_POLL_MS,
  type NewsletterIssue,
  type NewsletterSection,
  type NewsletterSource,
} from '@quillpost/domain';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useNewsletterApi } from '../api/newsletter-api';
import { useApiResource } from '../../../lib/use-api-resource';
import { useDates } from '../../../lib/use-dates';
import { SECTION_LABELS, STATUS_LABELS } from './format';
import { plural } from '../../../lib/format';
import { Field } from '../../../components/field';
import { TextField } from '../../../components/text-field';
import { DeliverabilityCheck } from './deliverability-check';
import { ActionNotice, type Notice } from './notice';

const sourceKey = (source: NewsletterSource) => `${source.kind}:${source.slug}`;

/** Pick a published item (not sent yet, here or elsewhere) and make a draft issue of it. */
function NewIssueForm({
  sources,
  audience,
  onCreated,
}: {
  sources: NewsletterSource[];
  audience: Record<NewsletterSection, number>;
  onCreated(issueId: number): void;
}) {
  const api = useNewsletterApi();
  const dates = useDates();
  const available = sources.filter((source) => source.issueId === null);
  const [selected, setSelected] = useState(() => (available[0] ? sourceKey(available[0]) : ''));
  const [subject, setSubject] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const source = available.find((candidate) => sourceKey(candidate) === selected);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!source) return;
    setBusy(true);
    setNotice(null);
    const result = await api.create({ kind: source.kind, slug: source.slug, subject });
    setBusy(false);
    if (!result.ok) return setNotice({ tone: 'error', text: result.message });
    onCreated(result.data.issue.id);
  }

  if (!available.length) {
    return <p className="muted">Every published post has been sent, or has an issue already.</p>;
  }
  return (
    <form
      className="newsletter-card newsletter-new"
      onSubmit={submit}
      aria-labelledby="newsletter-new-title"
    >
      <h2 id="newsletter-new-title">New issue</h2>
      <Field
        id="newsletter-source"
        label="Post"
        hint={
          source ? (
            <>
              Goes to the {SECTION_LABELS[source.section]} section:{' '}
              {plural(audience[source.section], 'subscriber')} right now.{' '}
              <a href={source.url} target="_blank" rel="noreferrer">
                Open the post
              </a>
            </>
          ) : null
        }
      >
        {(control) => (
          <select
            {...control}
            className="field__input"
            value={selected}
            onChange={(event) => setSelected(event.target.value)}
          >
            {available.map((candidate) => (
              <option key={sourceKey(candidate)} value={sourceKey(candidate)}>
                {candidate.title} ({SECTION_LABELS[candidate.section]},{' '}
                {dates.calendarDay(candidate.date)})
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        id="newsletter-subject"
        label={
          <>
            Subject <span className="muted">(optional)</span>
          </>
        }
        hint="Left empty, the subject is the post’s title."
        value={subject}
        maxLength={200}
        placeholder={source?.title}
        onChange={(event) => setSubject(event.target.value)}
      />
      <ActionNotice notice={notice} />
      <button type="submit" className="button button--primary" disabled={busy || !source}>
        Create a Draft
      </button>
    </form>
  );
}

function IssueTable({
  issues,
  hrefFor,
}: {
  issues: NewsletterIssue[];
  hrefFor(id: number): string;
}) {
  const dates = useDates();
  if (!issues.length) return <p className="muted">No issues yet.</p>;
  return (
    <table className="newsletter-table">
      <caption className="visually-hidden">Newsletter issues, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Issue</th>
          <th scope="col">Status</th>
          <th scope="col">Sent</th>
          <th scope="col">When</th>
        </tr>
      </thead>
      <tbody>
        {issues.map((issue) => (
          <tr key={issue.id}>
            <td>
              <Link to={hrefFor(issue.id)}>{issue.subject}</Link>
              <span className="newsletter-table__sub">{SECTION_LABELS[issue.section]}</span>
            </td>
            <td>
              <span className={`newsletter-status newsletter-status--${issue.status}`}>
                {STATUS_LABELS[issue.status]}
              </span>
              {issue.uncertainBatches.length ? (
                <span className="newsletter-table__sub">Needs a decision</span>
              ) : null}
            </td>
            <td>
              {issue.progress.total
                ? `${issue.progress.sent.toLocaleString('en')} / ${issue.progress.total.toLocaleString('en')}`
                : '–'}
            </td>
            <td>
              {issue.startedAt
                ? dates.dateTime(issue.startedAt)
                : issue.scheduledAt
                  ? `Scheduled ${dates.dateTime(issue.scheduledAt)}`
                  : `Created ${dates.dateTime(issue.createdAt)}`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every issue, and the form that starts a new one. */
export function IssueList({
  hrefFor,
  onCreated,
}: {
  hrefFor(issueId: number): string;
  onCreated(issueId: number): void;
}) {
  const api = useNewsletterApi();
  const issues = useApiResource('issues', (_client, signal) => api.issues({ signal }), {
    pollMs: NEWSLETTER_PROGRESS_POLL_MS,
    pollWhile: (data) => data.issues.some((issue) => issue.status === 'sending'),
  });
  const sources = useApiResource('sources', (_client, signal) => api.sources({ signal }));

  return (
    <>
      {sources.status === 'ready' ? (
        <NewIssueForm
          sources={sources.data.sources}
          audience={sources.data.audience}
          onCreated={onCreated}
        />
      ) : sources.status === 'error' ? (
        <p className="alert alert--error" role="alert">
          {sources.error.message}
        </p>
      ) : null}
      <DeliverabilityCheck />
      <section aria-labelledby="newsletter-issues-title">
        <h2 id="newsletter-issues-title">Issues</h2>
        {issues.status === 'loading' ? (
          <p role="status">Loading the issues…</p>
        ) : issues.status === 'error' ? (
          <div className="alert alert--error" role="alert">
            <p>{issues.error.message}</p>
            <button type="button" className="button" onClick={issues.reload}>
              Try Again
            </button>
          </div>
        ) : (
          <IssueTable issues={issues.data.issues} hrefFor={hrefFor} />
        )}
      </section>
    </>
  );
}
