/**
 * One file in the editor: its front matter as form fields (generated from the schema that checks
 * the file), its body in CodeMirror, a preview by the site's own renderer, and the buttons that
 * decide what becomes of it. Nothing typed is lost: a copy is kept in this browser until saved.
 */
import {
  countWords,
  imageUploadRefusal,
  KIND_NOUNS,
  MESSAGES,
  pagePath,
  readingMinutes,
  type FrontMatterValues,
  type WritingFile,
  type WritingItem,
} from '@quillpost/domain';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { instantOfLocalInput, localInputValue } from '../../../lib/dates';
import { useDates } from '../../../lib/use-dates';
import { useApiResource } from '../../../lib/use-api-resource';
import { ProseContent } from '../../content';
import { useWritingApi } from '../api/writing-api';
import { sameDraft, type Draft } from '../draft';
import { fieldsOf, hasDrafts } from '../fields';
import { dropLocalDraft, keepLocalDraft, readLocalDraft } from '../local-draft';
import { ConflictPanel } from './conflict-panel';
import { FrontMatterFields } from './front-matter-fields';
import { RevisionsPanel } from './revisions-panel';
import { UploadButton } from './upload-button';

const MarkdownEditor = lazy(() => import('./markdown-editor'));

type Notice = { tone: 'success' | 'error'; text: string; href?: string } | null;

/** "category: use lower-case…" → the field it names and what to say under it. */
function fieldErrorOf(message: string): { key: string; text: string } | null {
  const match = /^([a-z_]+)(?:\.\d+)?: (.+)$/.exec(message);
  return match ? { key: match[1]!, text: match[2]! } : null;
}

export function EditorPage({ path, backHref }: { path: string; backHref: string }) {
  const api = useWritingApi();
  const file = useApiResource(`writing:${path}`, (_client, signal) => api.open(path, { signal }));
  if (file.status === 'loading') {
    return (
      <p className="writing-status" role="status">
        Opening {path}…
      </p>
    );
  }
  if (file.status === 'error') {
    return (
      <div className="alert alert--error" role="alert">
        <p>{file.error.message}</p>
        <Link to={backHref}>Back to Writing</Link>
      </div>
    );
  }
  return <Editor key={file.data.file.version} initial={file.data.file} backHref={backHref} />;
}

function Editor({ initial, backHref }: { initial: WritingFile; backHref: string }) {
  const api = useWritingApi();
  const navigate = useNavigate();
  const dates = useDates();
  const id = useId();
  const [file, setFile] = useState(initial);
  const [draft, setDraft] = useState<Draft>({
    frontMatter: initial.frontMatter,
    body: initial.body,
  });
  const [item, setItem] = useState<WritingItem | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const saving = useRef(false);
  const [uploads, setUploads] = useState(0);
  // Saving waits for an image on its way: published before it is up, the post would go out
  // without it.
  const waiting = busy !== null || uploads > 0;
  const [notice, setNotice] = useState<Notice>(null);
  const [fieldError, setFieldError] = useState<{ key: string; text: string } | null>(null);
  const [conflict, setConflict] = useState<{ mine: Draft; theirs: WritingFile } | null>(null);
  const [restorable, setRestorable] = useState(() => {
    const stored = readLocalDraft(initial.path);
    return stored && !sameDraft(stored, initial) ? stored : null;
  });
  const [panel, setPanel] = useState<'preview' | 'revisions' | 'schedule' | null>(null);
  // What is "ahead" is judged against when the file was opened or last saved.
  const [now, setNow] = useState(() => Date.now());
  const insertRef = useRef<((text: string) => void) | null>(null);
  const [scheduleAt, setScheduleAt] = useState(() =>
    localInputValue(new Date(Date.now() + 3_600_000).toISOString(), dates.timeZone),
  );

  const kind = file.kind;
  const noun = KIND_NOUNS[kind];
  const fields = fieldsOf(kind);
  const dirty = !sameDraft(draft, file);
  const words = countWords(draft.body);
  const status = String(draft.frontMatter.status ?? 'published');
  // Published as the file now stands (not as the form says): Update rather than Save draft.
  const live = hasDrafts(kind) && String(file.frontMatter.status ?? 'published') !== 'draft';

  // Kept in this browser as it is typed, until a save makes it the file.
  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(
      () => keepLocalDraft({ path: file.path, version: file.version, ...draft }),
      400,
    );
    return () => clearTimeout(timer);
  }, [draft, dirty, file]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  async function save(frontMatter: FrontMatterValues, label: string, base = file) {
    // One save at a time: a second one on the same version would conflict with the first.
    if (saving.current) return null;
    saving.current = true;
    setBusy(label);
    setNotice(null);
    setFieldError(null);
    const sent = { frontMatter, body: draft.body };
    const result = await api.save({ path: base.path, version: base.version, ...sent });
    saving.current = false;
    setBusy(null);
    setNow(Date.now());
    if (result.ok) {
      const saved = result.data.file;
      setFile(saved);
      // What was typed while the save was on its way stays, and stays unsaved.
      setDraft((current) =>
        sameDraft(current, sent) ? { frontMatter: saved.frontMatter, body: current.body } : current,
      );
      // Kept again at once (the effect above) if more was typed meanwhile.
      dropLocalDraft(base.path);
      setItem(result.data.item);
      setConflict(null);
      return result.data.item;
    }
    if (result.status === 409) {
      const theirs = await api.open(base.path);
      if (theirs.ok) {
        // The conflict panel says it, with both versions: no second alert saying it again.
        setConflict({ mine: { frontMatter, body: draft.body }, theirs: theirs.data.file });
        return null;
      }
    }
    setFieldError(fieldErrorOf(result.message));
    setNotice({ tone: 'error', text: result.message });
    return null;
  }

  const withStatus = (value: string) => ({ ...draft.frontMatter, status: value });

  async function saveDraft() {
    const saved = await save(hasDrafts(kind) ? withStatus('draft') : draft.frontMatter, 'save');
    if (saved) setNotice({ tone: 'success', text: hasDrafts(kind) ? 'Draft saved.' : 'Saved.' });
  }

  /** Live now: a date still ahead becomes this moment. */
  function publishedNow(): FrontMatterValues {
    const date = String(draft.frontMatter.date ?? '');
    const ahead = date && Date.parse(date) > Date.now();
    return {
      ...withStatus('published'),
      ...('date' in draft.frontMatter && ahead ? { date: new Date().toISOString() } : {}),
    };
  }

  /** A published item saved as it is: a typo fixed never takes it offline. */
  async function update() {
    const saved = await save(draft.frontMatter, 'save');
    if (saved) setNotice({ tone: 'success', text: 'Updated.', href: saved.url ?? undefined });
  }

  async function unpublish() {
    const saved = await save(withStatus('draft'), 'save');
    if (saved)
      setNotice({ tone: 'success', text: `Unpublished. Only you can see this ${noun} now.` });
  }

  async function publish() {
    const saved = await save(publishedNow(), 'publish');
    if (saved) {
      setNotice({
        tone: 'success',
        text: `Published. Your ${noun} is live.`,
        href: saved.url ?? undefined,
      });
    }
    return saved;
  }

  async function publishAndEmail() {
    const saved = await publish();
    if (!saved) return;
    const issue = await api.newsletterIssue(saved.slug, String(draft.frontMatter.title ?? ''));
    const newsletter = pagePath('membersConsole', { '*': 'newsletter' });
    if (issue.ok) navigate(`${newsletter}?issue=${issue.data.issue.id}`);
    else if (issue.code === 'NEWSLETTER_ISSUE_EXISTS') navigate(newsletter);
    else
      setNotice({
        tone: 'error',
        text: `Published, but the newsletter could not start: ${issue.message}`,
      });
  }

  async function schedule() {
    const at = instantOfLocalInput(scheduleAt, dates.timeZone);
    if (!at || Date.parse(at) <= Date.now()) {
      setNotice({ tone: 'error', text: 'Please choose a date and time in the future.' });
      return;
    }
    const saved = await save({ ...withStatus('published'), date: at }, 'schedule');
    if (saved) {
      setPanel(null);
      setNotice({
        tone: 'success',
        text: `Scheduled for ${dates.dateTime(at)}. It goes live then, on its own.`,
      });
    }
  }

  async function upload(image: File): Promise<string | null> {
    const refusal = imageUploadRefusal(image);
    if (refusal) {
      setNotice({ tone: 'error', text: MESSAGES[refusal] });
      return null;
    }
    setUploads((count) => count + 1);
    const result = await api.upload(image);
    setUploads((count) => count - 1);
    if (!result.ok) {
      setNotice({ tone: 'error', text: result.message });
      return null;
    }
    return result.data.path;
  }

  async function moveToTrash() {
    if (!window.confirm(`Move this ${noun} to the trash? You can restore it from there.`)) return;
    const result = await api.remove(file.path);
    if (result.ok) {
      dropLocalDraft(file.path);
      navigate(`${backHref}?trash`);
    } else setNotice({ tone: 'error', text: result.message });
  }

  const scheduledAt =
    status === 'published' &&
    draft.frontMatter.date &&
    Date.parse(String(draft.frontMatter.date)) > now
      ? String(draft.frontMatter.date)
      : null;

  return (
    <form
      className={`writing-editor${panel === 'preview' ? ' writing-editor--previewing' : ''}`}
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void (live ? update() : saveDraft());
      }}
      onKeyDown={(event) => {
        if ((event.metaKey || event.ctrlKey) && event.key === 's') {
          event.preventDefault();
          void (live ? update() : saveDraft());
        }
      }}
    >
      <div className="writing-editor__head">
        <Link to={backHref} className="writing-back">
          ← Writing
        </Link>
        <h2 id={`${id}-title`} className="writing-editor__title">
          {String(draft.frontMatter.title || `Untitled ${noun}`)}
        </h2>
        <p className="writing-editor__state" role="status" aria-live="polite">
          <span className={`writing-badge writing-badge--${scheduledAt ? 'scheduled' : status}`}>
            {scheduledAt
              ? 'Scheduled'
              : status === 'draft'
                ? 'Draft'
                : hasDrafts(kind)
                  ? 'Published'
                  : 'On the shelf'}
          </span>{' '}
          {uploads
            ? 'Uploading the image…'
            : busy
              ? 'Saving…'
              : dirty
                ? 'Unsaved changes'
                : 'Saved'}
          {' · '}
          {words.toLocaleString('en')} {words === 1 ? 'word' : 'words'} · {readingMinutes(words)}{' '}
          min read
        </p>
      </div>

      {restorable ? (
        <div className="alert writing-restore" role="alert">
          <p>
            This browser kept changes you had not saved, from{' '}
            {dates.dateTime(new Date(restorable.savedAt).toISOString())}.
          </p>
          <div className="writing-actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setDraft({ frontMatter: restorable.frontMatter, body: restorable.body });
                // Written on an older version: saving then shows both, never overwrites unseen.
                if (restorable.version !== file.version) {
                  setFile((current) => ({ ...current, version: restorable.version }));
                }
                setRestorable(null);
              }}
            >
              Restore them
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => {
                dropLocalDraft(file.path);
                setRestorable(null);
              }}
            >
              Discard them
            </button>
          </div>
        </div>
      ) : null}

      {conflict ? (
        <ConflictPanel
          noun={noun}
          mine={conflict.mine}
          theirs={conflict.theirs}
          onKeepMine={async () => {
            const saved = await save(conflict.mine.frontMatter, 'save', conflict.theirs);
            if (saved) {
              setNotice({
                tone: 'success',
                text: 'Saved your version. The other one is among the revisions.',
                href: saved.status === 'published' ? (saved.url ?? undefined) : undefined,
              });
            }
          }}
          onTakeTheirs={() => {
            setFile(conflict.theirs);
            setDraft({ frontMatter: conflict.theirs.frontMatter, body: conflict.theirs.body });
            dropLocalDraft(conflict.theirs.path);
            setConflict(null);
            setNotice(null);
          }}
        />
      ) : null}

      {notice ? (
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
      ) : null}

      <div className="writing-editor__columns">
        <div className="writing-editor__writing">
          <FrontMatterFields
            fields={fields}
            values={draft.frontMatter}
            error={fieldError}
            scheduledAt={scheduledAt}
            onField={(key, value) =>
              setDraft((current) => {
                const frontMatter = { ...current.frontMatter };
                if (value === undefined) delete frontMatter[key];
                else frontMatter[key] = value;
                return { ...current, frontMatter };
              })
            }
            onUpload={upload}
          />

          <div className="field writing-body">
            <div className="writing-body__bar">
              <span id={`${id}-body`} className="field__label">
                Body
              </span>
              <UploadButton
                label="Upload image"
                onUpload={upload}
                onUploaded={(address) => insertRef.current?.(`![](${address})\n`)}
              />
            </div>
            <Suspense fallback={<p role="status">Loading the editor…</p>}>
              <MarkdownEditor
                value={draft.body}
                labelledBy={`${id}-body`}
                onChange={(body) => setDraft((current) => ({ ...current, body }))}
                onImage={upload}
                onReady={(insert) => (insertRef.current = insert)}
              />
            </Suspense>
            <p className="field__hint">
              Drop or paste an image in. Ctrl/⌘ B bold, I italic, K link, Alt 1–3 headings, S save.
            </p>
          </div>
        </div>

        {panel === 'preview' ? (
          <Preview kind={kind} body={draft.body} onClose={() => setPanel(null)} />
        ) : null}
      </div>

      {panel === 'revisions' ? (
        <RevisionsPanel
          path={file.path}
          version={file.version}
          onRestored={(restored) => {
            setFile(restored);
            setDraft({ frontMatter: restored.frontMatter, body: restored.body });
            setPanel(null);
            setNotice({
              tone: 'success',
              text: 'Restored. The version it replaced is a revision now.',
            });
          }}
          onClose={() => setPanel(null)}
        />
      ) : null}

      {panel === 'schedule' ? (
        <div className="writing-schedule" role="group" aria-label="Schedule">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-at`}>
              Publish on
            </label>
            <input
              id={`${id}-at`}
              type="datetime-local"
              className="field__input"
              required
              value={scheduleAt}
              onChange={(event) => setScheduleAt(event.target.value)}
              aria-describedby={`${id}-zone`}
            />
            <p className="field__hint" id={`${id}-zone`}>
              Times are in {dates.timeZone}.
            </p>
          </div>
          <div className="writing-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={waiting}
              onClick={() => void schedule()}
            >
              Schedule it
            </button>
            <button type="button" className="button button--quiet" onClick={() => setPanel(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}

      <div className="writing-editor__buttons">
        {live ? (
          <button
            type="button"
            className="button button--primary"
            disabled={waiting}
            onClick={() => void update()}
          >
            Update
          </button>
        ) : (
          <button type="submit" className="button button--quiet" disabled={waiting}>
            {hasDrafts(kind) ? 'Save draft' : 'Save'}
          </button>
        )}
        <button
          type="button"
          className="button button--quiet"
          aria-pressed={panel === 'preview'}
          onClick={() => setPanel(panel === 'preview' ? null : 'preview')}
        >
          Preview
        </button>
        {hasDrafts(kind) ? (
          <>
            {live ? null : (
              <button
                type="button"
                className="button button--primary"
                disabled={waiting}
                onClick={() => void publish()}
              >
                Publish
              </button>
            )}
            <button
              type="button"
              className="button button--quiet"
              aria-expanded={panel === 'schedule'}
              onClick={() => setPanel(panel === 'schedule' ? null : 'schedule')}
            >
              Schedule
            </button>
          </>
        ) : null}
        {kind === 'post' ? (
          <button
            type="button"
            className="button button--quiet"
            disabled={waiting}
            onClick={() => void publishAndEmail()}
          >
            Publish and email
          </button>
        ) : null}
      </div>
      <div className="writing-editor__more">
        <button
          type="button"
          className="button button--quiet"
          aria-expanded={panel === 'revisions'}
          onClick={() => setPanel(panel === 'revisions' ? null : 'revisions')}
        >
          Revisions
        </button>
        {live ? (
          <button type="button" className="button button--quiet" onClick={() => void unpublish()}>
            Unpublish
          </button>
        ) : null}
        <button
          type="button"
          className="button button--quiet button--danger"
          onClick={() => void moveToTrash()}
        >
          Move to trash
        </button>
      </div>
      {item?.url && item.status === 'published' ? (
        <p className="muted">
          Live at <a href={item.url}>{item.url}</a>
        </p>
      ) : null}
    </form>
  );
}

/** The body as readers will get it, rendered by the site (a moment after typing stops). */
function Preview({
  kind,
  body,
  onClose,
}: {
  kind: WritingFile['kind'];
  body: string;
  onClose(): void;
}) {
  const api = useWritingApi();
  const [settled, setSettled] = useState(body);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(body), 500);
    return () => clearTimeout(timer);
  }, [body]);
  const preview = useApiResource(
    `preview:${kind}:${settled}`,
    (_client, signal) => api.preview(kind, settled, { signal }),
    { keepDataWhileReloading: true },
  );
  return (
    <section className="writing-preview" aria-label="Preview">
      <div className="writing-preview__bar">
        <h3>Preview</h3>
        <button type="button" className="button button--quiet" onClick={onClose}>
          Back to writing
        </button>
      </div>
      {preview.status === 'ready' ? (
        <ProseContent html={preview.data.html} variant={kind === 'poem' ? 'verse' : 'prose'} />
      ) : preview.status === 'error' ? (
        <p role="alert">{preview.error.message}</p>
      ) : (
        <p role="status">Rendering…</p>
      )}
    </section>
  );
}
