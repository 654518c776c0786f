import {
  CONTENT_KINDS,
  isBareDay,
  KIND_NOUNS,
  type ContentKind,
  type WritingItem,
} from '@quillpost/domain';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useApiResource } from '../../../lib/use-api-resource';
import { useDates } from '../../../lib/use-dates';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useWritingApi } from '../api/writing-api';

const STATUS_LABELS: Record<WritingItem['status'], string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

const KIND_LABELS: Record<ContentKind, string> = {
  post: 'Post',
  journal: 'Journal',
  poem: 'Poem',
  now: 'Now',
  book: 'Book',
  project: 'Project',
  page: 'Page',
};

/** Everything the content folder holds, newest first, with a search box and a New post button. */
export function WritingList({
  hrefFor,
  trashHref,
  onCreated,
}: {
  hrefFor(path: string): string;
  trashHref: string;
  onCreated(path: string): void;
}) {
  const api = useWritingApi();
  const dates = useDates();
  const id = useId();
  const list = useApiResource('writing', (_client, signal) => api.list({ signal }));
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState<ContentKind | ''>('');
  const [starting, setStarting] = useState<ContentKind | null>(null);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function start(event: FormEvent) {
    event.preventDefault();
    if (!starting) return;
    const result = await api.create(starting, title);
    if (result.ok) onCreated(result.data.file.path);
    else setError(result.message);
  }

  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const items =
    list.status === 'ready'
      ? list.data.items.filter(
          (item) =>
            (!kind || item.kind === kind) &&
            words.every((word) => `${item.title} ${item.path}`.toLowerCase().includes(word)),
        )
      : [];

  return (
    <section className="writing" aria-labelledby={`${id}-title`}>
      <div className="writing__head">
        <h2 id={`${id}-title`}>Writing</h2>
        <div className="writing-actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => setStarting('post')}
          >
            New Post
          </button>
          <Link to={trashHref} className="button button--quiet">
            Trash
          </Link>
        </div>
      </div>

      {starting ? (
        <form className="writing-new" onSubmit={start} aria-label={`New ${KIND_NOUNS[starting]}`}>
          <SelectField
            id={`${id}-kind`}
            label="Kind"
            value={starting}
            options={CONTENT_KINDS}
            optionLabel={(option) => KIND_LABELS[option]}
            onChange={setStarting}
          />
          <TextField
            id={`${id}-new-title`}
            label="Title"
            required
            autoFocus
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
          {error ? (
            <p className="alert alert--error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="writing-actions">
            <button type="submit" className="button button--primary">
              Start Writing
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => setStarting(null)}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : null}

      <div className="writing-filters">
        <TextField
          id={`${id}-search`}
          label="Search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <SelectField
          id={`${id}-filter`}
          label="Show"
          value={kind}
          options={['', ...CONTENT_KINDS]}
          optionLabel={(option) => (option ? KIND_LABELS[option] : 'Everything')}
          onChange={setKind}
        />
      </div>

      {list.status === 'loading' ? <p role="status">Loading your writing…</p> : null}
      {list.status === 'error' ? (
        <p className="alert alert--error" role="alert">
          {list.error.message}
        </p>
      ) : null}
      {list.status === 'ready' ? (
        items.length ? (
          <ul className="writing-list">
            {items.map((item) => (
              <li key={item.path} className="writing-list__item">
                <Link to={hrefFor(item.path)} className="writing-list__title">
                  {item.title}
                </Link>
                <span className="writing-list__meta">
                  {/* A book sits on its shelf; it is never a draft. */}
                  {item.kind === 'book' ? null : (
                    <span className={`writing-badge writing-badge--${item.status}`}>
                      {STATUS_LABELS[item.status]}
                    </span>
                  )}
                  <span>{KIND_LABELS[item.kind]}</span>
                  {/* Undated pages and books keep the epoch: no date to show. */}
                  {Date.parse(item.date) > 0 ? (
                    <time dateTime={item.date}>
                      {/* A bare day is a day; a scheduled time is a moment, on the site's clock. */}
                      {isBareDay(item.date)
                        ? dates.calendarDay(item.date)
                        : dates.dateTime(item.date)}
                    </time>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">
            {words.length || kind ? 'Nothing matches.' : 'Nothing written yet.'}
          </p>
        )
      ) : null}
    </section>
  );
}
