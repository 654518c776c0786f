/**
 * Console → Writing, a lazy chunk of its own (CodeMirror loads later still, with the editor):
 * the list of everything the content folder holds, one file in the editor (`?edit=<path>`), or
 * the trash (`?trash`). Query parameters, so it works wherever the console mounts it.
 */
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { EditorPage } from './components/editor-page';
import { TrashList } from './components/trash-list';
import { WritingList } from './components/writing-list';
import './writing.css';

export default function WritingConsole() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const hrefFor = (path: string) => `${pathname}?edit=${encodeURIComponent(path)}`;
  const editing = params.get('edit');

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
