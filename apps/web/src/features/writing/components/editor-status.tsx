/** Where the file stands (draft, scheduled, published), whether it is saved, and its length. */
import type { ContentKind } from '@quillpost/domain';
import { hasDrafts } from '../fields';
import type { Notice } from '../hooks/use-document';
import type { Publishing } from '../hooks/use-publishing';

export function EditorStatus({
  publishing,
  uploading,
  busy,
  dirty,
  words,
  minutes,
  kind,
}: {
  kind: ContentKind;
  publishing: Publishing;
  uploading: boolean;
  busy: boolean;
  dirty: boolean;
  words: number;
  minutes: number;
}) {
  const { status, scheduledAt } = publishing;
  const badge = scheduledAt
    ? 'Scheduled'
    : status === 'draft'
      ? 'Draft'
      : hasDrafts(kind)
        ? 'Published'
        : 'On the shelf';
  return (
    <p className="writing-editor__state" role="status" aria-live="polite">
      <span className={`writing-badge writing-badge--${scheduledAt ? 'scheduled' : status}`}>
        {badge}
      </span>{' '}
      {uploading ? 'Uploading the image…' : busy ? 'Saving…' : dirty ? 'Unsaved changes' : 'Saved'}
      {' · '}
      {words.toLocaleString('en')} {words === 1 ? 'word' : 'words'} · {minutes} min read
    </p>
  );
}

/** What the last action did: a success (with a link to what went live) or a refusal. */
export function EditorNotice({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <p
      className={`alert alert--${notice.tone}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
    >
      {notice.text}
      {notice.href ? (
        <>
          {' '}
          <a href={notice.href} target="_blank" rel="noreferrer">
            View it
          </a>
        </>
      ) : null}
    </p>
  );
}
