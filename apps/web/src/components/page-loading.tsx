import { SHELL_MESSAGES } from '@quillpost/domain';
import './page-loading.css';

/** The Suspense fallback while a page's code loads. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading__dot" aria-hidden="true" />
      <span>{SHELL_MESSAGES.PAGE_LOADING}</span>
    </div>
  );
}
