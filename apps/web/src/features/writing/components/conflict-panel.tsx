import {
  changedElsewhereMessage,
  type FrontMatterValues,
  type WritingFile,
} from '@quillpost/domain';

/**
 * The save that would have overwritten someone else's edit (a hand edit, git, another tab): both
 * versions side by side, and the owner chooses. Nothing is lost either way: keeping mine makes
 * theirs a revision.
 */
export function ConflictPanel({
  noun,
  mine,
  theirs,
  onKeepMine,
  onTakeTheirs,
}: {
  noun: string;
  mine: { frontMatter: FrontMatterValues; body: string };
  theirs: WritingFile;
  onKeepMine(): void;
  onTakeTheirs(): void;
}) {
  return (
    <section className="writing-conflict" aria-labelledby="writing-conflict-title">
      <h3 id="writing-conflict-title">{changedElsewhereMessage(theirs.kind)}</h3>
      <p>
        Keep your version (the other one stays among the revisions), or take the one on the server
        and carry on from there.
      </p>
      <div className="writing-conflict__versions">
        <figure>
          <figcaption>Your version</figcaption>
          <pre tabIndex={0}>{mine.body}</pre>
        </figure>
        <figure>
          <figcaption>On the server</figcaption>
          <pre tabIndex={0}>{theirs.body}</pre>
        </figure>
      </div>
      <div className="writing-actions">
        <button type="button" className="button button--primary" onClick={onKeepMine}>
          Keep my version
        </button>
        <button type="button" className="button button--quiet" onClick={onTakeTheirs}>
          Take the {noun} on the server
        </button>
      </div>
    </section>
  );
}
