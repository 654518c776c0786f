/**
 * The header's search (issue 26): a link to /search that works without JavaScript; with it, the
 * link (or `/` anywhere outside a field) opens a search field with results as the reader types.
 */
import { PAGE_PATHS } from '@quillpost/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Island } from '../../islands/island';
import { isTypingTarget } from '../../lib/typing-target';

// The panel's code loads the first time someone searches.
const SearchPanel = lazy(() => import('./search-panel'));

export function SiteSearchBody() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Link
        to={PAGE_PATHS.search}
        className="site-search__toggle"
        aria-label="Search"
        aria-keyshortcuts="/"
        title="Search (/)"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <SearchPanel onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

export function SiteSearch() {
  return <Island name="site-search" when="intent" component={SiteSearchBody} props={{}} />;
}
