/**
 * The editor's one bar, along the top and never over the text: back to the list, Preview, the
 * one thing to do next (Publish; Update once live; Save for what has no drafts), and the rest in
 * the More menu.
 */
import type { ContentKind } from '@quillpost/domain';
import { Link } from 'react-router-dom';
import { hasDrafts } from '../fields';
import type { Publishing } from '../hooks/use-publishing';
import { MoreMenu, type MenuAction } from './more-menu';

export type Panel = 'preview' | 'revisions' | 'schedule' | null;

export function EditorBar({
  backHref,
  kind,
  publishing,
  waiting,
  panel,
  onPanel,
}: {
  backHref: string;
  kind: ContentKind;
  publishing: Publishing;
  /** A save or an upload is on its way: nothing else is saved meanwhile. */
  waiting: boolean;
  panel: Panel;
  onPanel(panel: Panel): void;
}) {
  const { live } = publishing;
  const drafts = hasDrafts(kind);
  const toggle = (which: Exclude<Panel, null>) => onPanel(panel === which ? null : which);
  const actions: Array<MenuAction | false> = [
    drafts && !live && { label: 'Save Draft', submit: true, disabled: waiting },
    drafts && {
      label: 'Schedule',
      expanded: panel === 'schedule',
      onSelect: () => toggle('schedule'),
    },
    kind === 'post' && {
      label: 'Publish and Email',
      disabled: waiting,
      onSelect: () => void publishing.publishAndEmail(),
    },
    { label: 'Revisions', expanded: panel === 'revisions', onSelect: () => toggle('revisions') },
    live && { label: 'Unpublish', disabled: waiting, onSelect: () => void publishing.unpublish() },
    { label: 'Move to Trash', danger: true, onSelect: () => void publishing.moveToTrash() },
  ];
  return (
    <div className="writing-bar">
      <Link to={backHref} className="writing-bar__back" aria-label="Back to Writing">
        <span aria-hidden="true">←</span>
        <span className="writing-bar__back-word">Writing</span>
      </Link>
      <button
        type="button"
        className="button button--quiet"
        aria-pressed={panel === 'preview'}
        onClick={() => toggle('preview')}
      >
        Preview
      </button>
      {live ? (
        <button
          type="button"
          className="button button--primary"
          disabled={waiting}
          onClick={() => void publishing.update()}
        >
          Update
        </button>
      ) : drafts ? (
        <button
          type="button"
          className="button button--primary"
          disabled={waiting}
          onClick={() => void publishing.publish()}
        >
          Publish
        </button>
      ) : (
        <button type="submit" className="button button--primary" disabled={waiting}>
          Save
        </button>
      )}
      <MoreMenu actions={actions.filter((action) => action !== false)}>More</MoreMenu>
    </div>
  );
}
