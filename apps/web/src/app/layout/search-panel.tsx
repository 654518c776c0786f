/**
 * The search field the header opens: results from /api/search as the reader types (a moment
 * after they stop), arrow keys to move through them, Enter to open one (or, with none chosen,
 * the full results page), Escape to close. A combobox over a listbox, as assistive technology
 * expects of a search with suggestions.
 */
import { PAGE_PATHS, type SearchResponse } from '@quillpost/domain';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Dialog, DialogCloseButton } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { useApiClient } from '../../lib/api-context';
import { useDates } from '../../lib/use-dates';
import { SEARCH_KIND_LABELS } from '../../features/content';
import './site-search.css';

type Result = SearchResponse['results'][number];
const TYPING_PAUSE_MS = 150;

export default function SearchPanel({ onClose }: { onClose(): void }) {
  const api = useApiClient();
  const navigate = useNavigate();
  const dates = useDates();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Result[]>([]);
  const [state, setState] = useState<'idle' | 'searching' | 'done' | 'failed'>('idle');
  const [active, setActive] = useState(-1);

  const words = query.trim();
  useEffect(() => {
    if (!words) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState('searching');
      void api.call('search', { query: { q: words }, signal: controller.signal }).then((result) => {
        if (controller.signal.aborted) return;
        setResults(result.ok ? (result.data as SearchResponse).results : []);
        setState(result.ok ? 'done' : 'failed');
        setActive(-1);
      });
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, words]);
  // An emptied field shows nothing, whatever the last search found.
  const shown = words ? results : [];
  const phase = words ? state : 'idle';

  const everything = `${PAGE_PATHS.search}?q=${encodeURIComponent(words)}`;
  const go = (path: string) => {
    onClose();
    navigate(path);
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!shown.length) return;
      event.preventDefault();
      // From the field (-1) down through the results and back to the field, and up the same way.
      const last = shown.length - 1;
      setActive((current) =>
        event.key === 'ArrowDown'
          ? current >= last
            ? -1
            : current + 1
          : current <= -1
            ? last
            : current - 1,
      );
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = shown[active];
      if (chosen) go(chosen.path);
      else if (words) go(everything);
    }
  }

  const status =
    phase === 'searching'
      ? 'Searching…'
      : phase === 'failed'
        ? 'The search could not be run just now.'
        : phase === 'done'
          ? shown.length
            ? `${shown.length === 1 ? '1 result' : `${shown.length} results`}; arrow keys to choose, Enter to open.`
            : `Nothing matches “${words}”.`
          : '';

  return (
    <Dialog
      labelledBy={`${id}-title`}
      onClose={onClose}
      placement="top"
      backdrop
      initialFocus={input}
      className="site-search"
    >
      <h2 id={`${id}-title`} className="visually-hidden">
        Search the site
      </h2>
      <div className="site-search__field">
        <TextField
          inputRef={input}
          id={`${id}-input`}
          label="Search the site"
          labelHidden
          inline
          inputClassName="site-search__input"
          type="search"
          role="combobox"
          aria-expanded={shown.length > 0}
          aria-controls={`${id}-results`}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${id}-result-${active}` : undefined}
          autoComplete="off"
          placeholder="Search posts, poems, books…"
          value={query}
          maxLength={200}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <DialogCloseButton onClick={onClose} />
      </div>
      <p className="site-search__status" role="status">
        {status}
      </p>
      <ul id={`${id}-results`} role="listbox" aria-label="Results" className="site-search__results">
        {shown.map((result, index) => (
          <li
            key={`${result.kind}:${result.slug}`}
            id={`${id}-result-${index}`}
            role="option"
            aria-selected={index === active}
            className="site-search__result"
            onMouseEnter={() => setActive(index)}
            onClick={() => go(result.path)}
          >
            <span className="site-search__title">{result.title}</span>
            <span className="site-search__meta">
              {SEARCH_KIND_LABELS[result.kind]} · {dates.calendarDay(result.date)}
            </span>
            {/* Escaped by the API, with <mark> around the words found and nothing else. */}
            <span
              className="site-search__snippet"
              dangerouslySetInnerHTML={{ __html: result.snippet }}
            />
          </li>
        ))}
      </ul>
      {words ? (
        <p className="site-search__all">
          <Link to={everything} onClick={onClose}>
            All results for “{words}”
          </Link>
        </p>
      ) : null}
    </Dialog>
  );
}
