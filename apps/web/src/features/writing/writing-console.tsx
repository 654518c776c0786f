/**
 * Console → Writing, a lazy chunk of its own (CodeMirror loads later still, with the editor):
 * the list of everything the content folder holds, one file in the editor (`?edit=<path>`), or
 * the trash (`?trash`). Query parameters, so it works wherever the console mounts it.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { preloadEditor } from './components/body-editor';
import { EditorPage } from './components/editor-page';
import { TrashList } from './components/trash-list';
import { WritingList } from './components/writing-list';
import './writing.css';

/** Once the list is up and the phone has nothing else to do, the editor is fetched ahead of a tap. */
function usePreloadedEditor() {
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => void preloadEditor(), { timeout: 2000 });
      return () => cancelIdleCallback(handle);
    }
    // Safari has no idle callback.
    const timer = setTimeout(() => void preloadEditor(), 1000);
    return () => clearTimeout(timer);
  }, []);
}

export default function WritingConsole() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const hrefFor = (path: string) => `${pathname}?edit=${encodeURIComponent(path)}`;
  const editing = params.get('edit');
  usePreloadedEditor();

  return (
    <div className="writing-console">
      {editing ? (
        <EditorPage key={editing} path={editing} backHref={pathname} />
      ) : params.has('trash') ? (
        <TrashList backHref={pathname} onRestored={(path) => navigate(hrefFor(path))} />
      ) : (
        <WritingList
          hrefFor={hrefFor}
          trashHref={`${pathname}?trash`}
          onCreated={(path) => navigate(hrefFor(path))}
        />
      )}
    </div>
  );
}
