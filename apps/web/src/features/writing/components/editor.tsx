/**
 * One file in the editor: one bar of actions along the top, the title, the body, and the rest of
 * the front matter (fields generated from the schema that checks the file) folded below. Its
 * parts: the document and its saves (useDocument), this browser's copy (useLocalDraft), what the
 * buttons do (usePublishing), images and their descriptions (useImageUpload), and the panels for
 * a conflict, revisions, a schedule and the preview.
 */
import { countWords, readingMinutes, type WritingFile } from '@quillpost/domain';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { imageMarkdown } from '../block-insert';
import { fieldsOf } from '../fields';
import { useDocument, type Notice } from '../hooks/use-document';
import { useImageUpload } from '../hooks/use-image-upload';
import { useLocalDraft } from '../hooks/use-local-draft';
import { usePublishing } from '../hooks/use-publishing';
import { AltTextDialog } from './alt-text-dialog';
import { BodyEditor } from './body-editor';
import { ConflictPanel } from './conflict-panel';
import { EditorBar, type Panel } from './editor-bar';
import { EditorNotice, EditorStatus } from './editor-status';
import { FrontMatterFields } from './front-matter-fields';
import { RestoreNotice } from './restore-notice';
import { RevisionsPanel } from './revisions-panel';
import { SchedulePanel } from './schedule-panel';

// The preview brings the reading pages' prose with it: loaded when first asked for.
const PostPreview = lazy(() => import('./post-preview'));

export function Editor({ initial, backHref }: { initial: WritingFile; backHref: string }) {
  const id = useId();
  const [notice, setNotice] = useState<Notice>(null);
  const doc = useDocument(initial, setNotice);
  const kept = useLocalDraft(doc);
  const publishing = usePublishing(doc, setNotice, backHref);
  const images = useImageUpload(setNotice);
  const [panel, setPanel] = useState<Panel>(null);
  const insertBlock = useRef<((text: string) => void) | null>(null);
  const { file, draft } = doc;
  const fields = fieldsOf(file.kind);
  // Saving waits for an image on its way: published before it is up, it would go out without it.
  const waiting = doc.busy !== null || images.uploads > 0;
  const save = () => void (publishing.live ? publishing.update() : publishing.saveDraft());
  const fieldProps = {
    fields,
    values: draft.frontMatter,
    error: doc.fieldError,
    scheduledAt: publishing.scheduledAt,
    onField: doc.setField,
    onUpload: images.upload,
  };

  return (
    <form
      className={`writing-editor${panel === 'preview' ? ' writing-editor--previewing' : ''}`}
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      onKeyDown={(event) => {
        if ((event.metaKey || event.ctrlKey) && event.key === 's') {
          event.preventDefault();
          save();
        }
      }}
    >
      <h2 id={`${id}-title`} className="visually-hidden">
        {String(draft.frontMatter.title || `Untitled ${publishing.noun}`)}
      </h2>
      <EditorBar
        backHref={backHref}
        kind={file.kind}
        publishing={publishing}
        waiting={waiting}
        panel={panel}
        onPanel={setPanel}
      />
      <div className="writing-editor__page">
        <EditorStatus
          kind={file.kind}
          publishing={publishing}
          uploading={images.uploads > 0}
          busy={doc.busy !== null}
          dirty={doc.dirty}
          words={countWords(draft.body)}
          minutes={readingMinutes(countWords(draft.body))}
        />
        {kept.restorable ? (
          <RestoreNotice
            savedAt={kept.restorable.savedAt}
            onRestore={kept.restore}
            onDiscard={kept.discard}
          />
        ) : null}
        {doc.conflict ? (
          <ConflictPanel
            noun={publishing.noun}
            mine={doc.conflict.mine}
            theirs={doc.conflict.theirs}
            onKeepMine={async () => {
              const { mine, theirs } = doc.conflict!;
              const saved = await doc.save(mine.frontMatter, 'save', theirs);
              const text = 'Saved your version. The other one is among the revisions.';
              const href = saved?.status === 'published' ? (saved.url ?? undefined) : undefined;
              if (saved) setNotice({ tone: 'success', text, href });
            }}
            onTakeTheirs={() => {
              kept.discard();
              doc.replace(doc.conflict!.theirs);
              setNotice(null);
            }}
          />
        ) : null}
        <EditorNotice notice={notice} />
        {panel === 'schedule' ? (
          <SchedulePanel
            disabled={waiting}
            onSchedule={async (at) => (await publishing.schedule(at)) && setPanel(null)}
            onCancel={() => setPanel(null)}
          />
        ) : null}
        {panel === 'revisions' ? (
          <RevisionsPanel
            path={file.path}
            version={file.version}
            onRestored={(restored) => {
              doc.replace(restored);
              setPanel(null);
              setNotice({
                tone: 'success',
                text: 'Restored. The version it replaced is a revision now.',
              });
            }}
            onClose={() => setPanel(null)}
          />
        ) : null}
        <div className="writing-editor__columns">
          <div className="writing-editor__writing">
            <FrontMatterFields part="title" {...fieldProps} />
            <BodyEditor
              id={`${id}-body`}
              value={draft.body}
              onChange={doc.setBody}
              onFiles={images.uploadIntoBody}
              onReady={(insert) => (insertBlock.current = insert)}
            />
            <FrontMatterFields part="details" {...fieldProps} />
          </div>
          {panel === 'preview' ? (
            <Suspense fallback={<p role="status">Rendering…</p>}>
              <PostPreview
                kind={file.kind}
                frontMatter={draft.frontMatter}
                body={draft.body}
                onClose={() => setPanel(null)}
              />
            </Suspense>
          ) : null}
        </div>
      </div>
      {images.describing ? (
        <AltTextDialog
          key={images.describing.address}
          image={images.describing}
          onInsert={(alt) => {
            insertBlock.current?.(imageMarkdown(images.describing!.address, alt));
            images.described();
          }}
          onCancel={images.described}
        />
      ) : null}
    </form>
  );
}
