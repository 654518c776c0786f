import { SUBSCRIBER_FILTERS, type ImportResult, type SubscriberFilter } from '@quillpost/domain';
import { useState, type ChangeEvent } from 'react';
import { useDates } from '../../lib/use-dates';
import { useConsoleApi } from './api/console-api';
import { PagedView } from '../../components/paged-view';
import { useResource } from '../../lib/use-resource';
import { useCan } from '../../lib/permissions';
import { SubscriberDetail } from './subscriber-detail';
import { STATUS_LABELS } from './subscriber-status';
import { ListSearchField, useListSearch } from './list-search';

const FILTER_LABELS: Record<SubscriberFilter | '', string> = { '': 'All', ...STATUS_LABELS };

/** The request body limit is 100 kB: larger files go in pieces of rows, each with the header. */
const CHUNK_CHARS = 90_000;

function readText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

export function csvChunks(csv: string): string[] {
  if (csv.length <= CHUNK_CHARS) return [csv];
  const lines = csv.split(/\r?\n/);
  const header = lines.shift() ?? '';
  const chunks: string[] = [];
  let current: string[] = [];
  let size = header.length;
  for (const line of lines) {
    if (current.length > 0 && size + line.length + 1 > CHUNK_CHARS) {
      chunks.push([header, ...current].join('\n'));
      current = [];
      size = header.length;
    }
    current.push(line);
    size += line.length + 1;
  }
  if (current.some((line) => line.trim() !== '')) chunks.push([header, ...current].join('\n'));
  return chunks;
}

function ImportPanel({ onImported }: { onImported(): void }) {
  const api = useConsoleApi();
  const [result, setResult] = useState<Omit<ImportResult, 'success'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function read(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setError(null);
    const total: Omit<ImportResult, 'success'> = {
      imported: 0,
      confirmationsQueued: 0,
      skippedExisting: 0,
      invalid: [],
      notSubscribed: [],
    };
    let failure: string | null = null;
    // Line numbers in later pieces are counted from their own header; good enough to find a row.
    for (const chunk of csvChunks(await readText(file))) {
      const outcome = await api.importSubscribers(chunk);
      if (!outcome.ok) {
        failure = outcome.message;
        break;
      }
      total.imported += outcome.data.imported;
      total.confirmationsQueued += outcome.data.confirmationsQueued;
      total.skippedExisting += outcome.data.skippedExisting;
      total.invalid.push(...outcome.data.invalid);
      total.notSubscribed.push(...outcome.data.notSubscribed);
    }
    setBusy(false);
    setError(failure);
    setResult(total);
    onImported();
  }

  return (
    <details className="members-card import-panel">
      <summary>Import from CSV</summary>
      <p>
        Columns: <code>email</code> (required), <code>name</code>, <code>consent</code>,{' '}
        <code>source</code>. Rows whose <code>consent</code> says <em>yes</em> are added as active
        (they agreed elsewhere, say where in <code>source</code>); every other row gets a
        confirmation email first. Addresses already on the list are left as they are.
      </p>
      <label className="button">
        {busy ? 'Importing…' : 'Choose a CSV file'}
        <input
          className="visually-hidden"
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          onChange={(event) => void read(event)}
        />
      </label>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {result ? (
        <div className="alert alert--success" role="status">
          <p>
            {result.imported} added as active, {result.confirmationsQueued} asked to confirm,{' '}
            {result.skippedExisting} already listed,{' '}
            {result.notSubscribed.length
              ? `${result.notSubscribed.length} not subscribed there (left out, not mailed), `
              : ''}
            {result.invalid.length} invalid.
          </p>
          {result.notSubscribed.length ? (
            <ul aria-label="Not subscribed there">
              {result.notSubscribed.slice(0, 20).map((row) => (
                <li key={row.line}>
                  Line {row.line}: {row.message}
                </li>
              ))}
            </ul>
          ) : null}
          {result.invalid.length ? (
            <ul>
              {result.invalid.slice(0, 20).map((row) => (
                <li key={row.line}>
                  Line {row.line}: {row.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </details>
  );
}

export function SubscribersSection() {
  const dates = useDates();
  const api = useConsoleApi();
  const can = useCan();
  const [status, setStatus] = useState<SubscriberFilter | ''>('');
  const search = useListSearch();
  const { q, page } = search;
  const subscribers = useResource(`subscribers:${status}:${q}:${page}`, (_client, signal) =>
    api.subscribers(status, q, page, { signal }),
  );
  const counts = subscribers.status === 'ready' ? subscribers.data.counts : null;
  const [opened, setOpened] = useState<{ id: number; email: string } | null>(null);

  return (
    <section aria-label="Subscribers">
      <div className="members-filters" role="group" aria-label="Filter by status">
        {(['', ...SUBSCRIBER_FILTERS] as const).map((filter) => (
          <button
            key={filter || 'all'}
            type="button"
            className="members-chip"
            aria-pressed={status === filter}
            onClick={() => {
              setStatus(filter);
              search.setPage(1);
            }}
          >
            {FILTER_LABELS[filter]}
            {counts && filter ? (
              <span className="members-chip__count">{counts[filter]}</span>
            ) : null}
          </button>
        ))}
      </div>
      <div className="members-toolbar">
        <ListSearchField id="subscriber-search" label="Search subscribers" search={search} />
        {can('export_data') ? (
          <a className="button" href={api.subscribersExportUrl(status)} download>
            Export {FILTER_LABELS[status].toLowerCase()} as CSV
          </a>
        ) : null}
      </div>
      {can('manage_users') ? <ImportPanel onImported={subscribers.reload} /> : null}
      <PagedView
        resource={subscribers}
        label="subscribers"
        empty={<p>No subscribers here.</p>}
        onPage={search.setPage}
      >
        {(data) => (
          <div className="table-scroll">
            <table className="members-table members-table--stack">
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Name</th>
                  <th scope="col">Status</th>
                  <th scope="col">Subscribed</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((subscriber) => (
                  <tr key={subscriber.id}>
                    <td>
                      <button
                        type="button"
                        className="members-table__open"
                        aria-haspopup="dialog"
                        onClick={() => setOpened({ id: subscriber.id, email: subscriber.email })}
                      >
                        {subscriber.email}
                      </button>
                    </td>
                    <td>{subscriber.name ?? ''}</td>
                    <td>
                      <span className={`members-badge members-badge--${subscriber.status}`}>
                        {STATUS_LABELS[subscriber.status]}
                      </span>
                      {subscriber.bounceReason ? (
                        <span className="members-table__note">{subscriber.bounceReason}</span>
                      ) : null}
                    </td>
                    <td>{dates.date(subscriber.subscribedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedView>
      {opened ? (
        <SubscriberDetail
          subscriberId={opened.id}
          email={opened.email}
          onClose={() => setOpened(null)}
          onChanged={subscribers.reload}
        />
      ) : null}
    </section>
  );
}
