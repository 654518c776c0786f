import type { ReactNode } from 'react';
import { useDocumentMeta } from '../lib/document-meta';

/** A stand-in for pages whose content is still being written. */
export function PlaceholderPage({
  title,
  eyebrow,
  children,
}: {
  title: string;
  eyebrow?: string;
  children?: ReactNode;
}) {
  useDocumentMeta({ title });
  return (
    <article className="page prose">
      {eyebrow ? <p className="page__eyebrow">{eyebrow}</p> : null}
      <h1>{title}</h1>
      {children ?? <p className="muted">This page is being written.</p>}
    </article>
  );
}
