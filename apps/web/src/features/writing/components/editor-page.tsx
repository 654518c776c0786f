/**
 * One file in the editor, given the whole screen: the console's frame stays behind it, and the
 * page behind does not scroll while it is open. Opening it fetches the file and CodeMirror at once.
 */
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useApiResource } from '../../../lib/use-api-resource';
import { useWritingApi } from '../api/writing-api';
import { preloadEditor } from './body-editor';
import { Editor } from './editor';

export function EditorPage({ path, backHref }: { path: string; backHref: string }) {
  const api = useWritingApi();
  useEffect(() => void preloadEditor(), []);
  const file = useApiResource(`writing:${path}`, (_client, signal) => api.open(path, { signal }));
  let content: ReactNode;
  if (file.status === 'loading') {
    content = (
      <p className="writing-status" role="status">
        Opening {path}…
      </p>
    );
  } else if (file.status === 'error') {
    content = (
      <div className="alert alert--error" role="alert">
        <p>{file.error.message}</p>
        <Link to={backHref}>Back to Writing</Link>
      </div>
    );
  } else {
    content = <Editor key={file.data.file.version} initial={file.data.file} backHref={backHref} />;
  }
  return <FocusedView>{content}</FocusedView>;
}

function FocusedView({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.classList.add('is-writing');
    return () => document.documentElement.classList.remove('is-writing');
  }, []);
  return <div className="writing-focus">{children}</div>;
}
