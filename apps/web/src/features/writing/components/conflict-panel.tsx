import { changedElsewhereMessage, type ContentKind, type WritingFile } from '@quillpost/domain';
import { sameBody, sameValue, type Draft } from '../draft';
import { fieldsOf } from '../fields';

/** A front-matter value as one line of the file shows it. */
function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return `[${value.join(', ')}]`;
  }
  return JSON.stringify(value);
}

/** The front-matter keys whose values differ (one side lacking a key counts), and the body's. */
function differences(kind: ContentKind, mine: Draft, theirs: Draft) {
  const keys = [...new Set([...Object.keys(mine.frontMatter), ...Object.keys(theirs.frontMatter)])];
  const changed = new Set(
    keys.filter((key) => !sameValue(mine.frontMatter[key], theirs.frontMatter[key])),
  );
  const labels = new Map(fieldsOf(kind).map((field) => [field.key, field.label]));
  const named = [...changed].map((key) => labels.get(key) ?? key);
  if (!sameBody(mine.body, theirs.body)) named.push('Body');
  return { changed, named };
}

/** A version as its file reads, front matter and body; the lines that differ are marked. */
function FileText({ version, changed }: { version: Draft; changed: Set<string> }) {
  return (
    <pre tabIndex={0}>
      {'---\n'}
      {Object.entries(version.frontMatter).map(([key, value]) => {
        const line = `${key}: ${shown(value)}\n`;
        return changed.has(key) ? <mark key={key}>{line}</mark> : line;
      })}
      {'---\n\n'}
      {version.body}
    </pre>
  );
}

/**
 * The save that would have overwritten someone else's edit (a hand edit, git, another tab): both
 * versions side by side, whole files (a change may be in the front matter alone), what differs
 * named, and the owner chooses. Nothing is lost either way: keeping mine makes theirs a revision.
 */
export function ConflictPanel({
  noun,
  mine,
  theirs,
  onKeepMine,
  onTakeTheirs,
}: {
  noun: string;
  mine: Draft;
  theirs: WritingFile;
  onKeepMine(): void;
  onTakeTheirs(): void;
}) {
  const { changed, named } = differences(theirs.kind, mine, theirs);
  return (
    <section className="writing-conflict" aria-labelledby="writing-conflict-title">
      <h3 id="writing-conflict-title">{changedElsewhereMessage(theirs.kind)}</h3>
      <p>
        Keep your version (the other one stays among the revisions), or take the one on the server
        and carry on from there.
      </p>
      <p>
        {named.length
          ? `They differ in: ${named.join(', ')}.`
          : 'They differ only in how the file is written (its comments or spacing).'}
      </p>
      <div className="writing-conflict__versions">
        <figure>
          <figcaption>Your version</figcaption>
          <FileText version={mine} changed={changed} />
        </figure>
        <figure>
          <figcaption>On the server</figcaption>
          <FileText version={theirs} changed={changed} />
        </figure>
      </div>
      <div className="writing-actions">
        <button type="button" className="button button--primary" onClick={onKeepMine}>
          Keep My Version
        </button>
        <button type="button" className="button button--quiet" onClick={onTakeTheirs}>
          Take the {noun} on the server
        </button>
      </div>
    </section>
  );
}
