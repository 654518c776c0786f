import { useState } from 'react';
import { useNewsletterApi } from '../api/newsletter-api';
import { useApiResource } from '../../../lib/use-api-resource';

/**
 * The mail as a client shows it, in a sandboxed frame: no scripts, no access to this page, and
 * links open in a new tab. The plain-text part is one click away.
 */
export function EmailPreview({ issueId }: { issueId: number }) {
  const api = useNewsletterApi();
  // Loaded once per visit: starting the send does not change what the mail says.
  const preview = useApiResource(`preview:${issueId}`, (_client, signal) =>
    api.preview(issueId, { signal }),
  );
  const [part, setPart] = useState<'html' | 'text'>('html');

  return (
    <section className="newsletter-card" aria-labelledby="newsletter-preview-title">
      <div className="newsletter-card__head">
        <h2 id="newsletter-preview-title">Preview</h2>
        <div className="newsletter-switch" role="group" aria-label="Part to show">
          <button
            type="button"
            className="button button--quiet"
            aria-pressed={part === 'html'}
            onClick={() => setPart('html')}
          >
            HTML
          </button>
          <button
            type="button"
            className="button button--quiet"
            aria-pressed={part === 'text'}
            onClick={() => setPart('text')}
          >
            Plain Text
          </button>
        </div>
      </div>
      {preview.status === 'loading' ? (
        <p role="status">Loading the preview…</p>
      ) : preview.status === 'error' ? (
        <p className="alert alert--error" role="alert">
          {preview.error.message}
        </p>
      ) : (
        <>
          <dl className="newsletter-envelope">
            <div>
              <dt>From</dt>
              <dd>{preview.data.from}</dd>
            </div>
            <div>
              <dt>Subject</dt>
              <dd>{preview.data.subject}</dd>
            </div>
          </dl>
          {part === 'html' ? (
            <iframe
              className="newsletter-preview__frame"
              title="The email as a mail client shows it"
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              srcDoc={preview.data.html.replace(/<head>/i, '<head><base target="_blank">')}
            />
          ) : (
            <pre className="newsletter-preview__text">{preview.data.text}</pre>
          )}
        </>
      )}
    </section>
  );
}
