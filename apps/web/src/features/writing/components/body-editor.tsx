/**
 * The body: its label, the Upload image button, and CodeMirror (a chunk of its own, asked for
 * while the file is on its way and by the list when the phone is idle, never after the file has
 * come: no waterfall).
 */
import { lazy, Suspense } from 'react';
import { UploadButton } from './upload-button';

export const preloadEditor = () => import('./markdown-editor');
const MarkdownEditor = lazy(preloadEditor);

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
