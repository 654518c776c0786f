import type { ReactNode } from 'react';
import { useDocumentMeta } from '../lib/document-meta';

/** The heading block of a members page, and the document title with it. */
export function PageTitle({
  title,
  lede,
  description,
  children,
}: {
  title: string;
  lede?: ReactNode;
  description?: string;
  children?: ReactNode;
}) {
  useDocumentMeta({ title, description: description ?? `${title} in the members area.` });
  return (
    <header className="members-title">
      <div>
        <h1>{title}</h1>
        {lede ? <p className="members-title__lede">{lede}</p> : null}
      </div>
      {children ? <div className="members-title__actions">{children}</div> : null}
    </header>
  );
}
