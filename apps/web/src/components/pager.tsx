/** Previous / next through a paged list. */
export function Pager({
  of: { page, pageSize, total },
  onPage,
}: {
  /** A paged answer: which page it is, its size and how many items there are in all. */
  of: { page: number; pageSize: number; total: number };
  onPage(page: number): void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  return (
    <nav className="members-pager" aria-label="Pages">
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="muted">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
