/**
 * The body: its label, the Upload image button, and CodeMirror (a chunk of its own, asked for
 * while the file is on its way and by the list when the phone is idle, never after the file has
 * come: no waterfall).
 */
import { lazy, Suspense } from 'react';
import type MarkdownEditorType from './markdown-editor';
import { UploadButton } from './upload-button';

let loaded: { default: typeof MarkdownEditorType } | null = null;

export const preloadEditor = () => import('./markdown-editor').then((module) => (loaded = module));
const LazyMarkdownEditor = lazy(preloadEditor);

export function BodyEditor({
  id,
  value,
  onChange,
  onFiles,
  onReady,
}: {
  id: string;
  value: string;
  onChange(body: string): void;
  onFiles(files: File[]): void;
  onReady(insertBlock: (text: string) => void): void;
}) {
  // Once fetched, rendered as is: a lazy component suspends on its first render however early
  // its chunk came, and React holds a suspended part back for 300 ms before showing it.
  const MarkdownEditor = loaded?.default ?? LazyMarkdownEditor;
  return (
    <div className="field writing-body">
      <div className="writing-body__bar">
        <span id={id} className="field__label">
          Body
        </span>
        <UploadButton label="Upload image" onFile={(image) => onFiles([image])} />
      </div>
      <Suspense fallback={<p role="status">Loading the editor…</p>}>
        <MarkdownEditor
          value={value}
          labelledBy={id}
          onChange={onChange}
          onFiles={onFiles}
          onReady={onReady}
        />
      </Suspense>
    </div>
  );
}
