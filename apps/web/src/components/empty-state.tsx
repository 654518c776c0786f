import type { ReactNode } from 'react';
import './empty-state.css';

/** What a list shows when it has nothing to show: a short heading, a sentence and a way on. */
export function EmptyState({
  title,
  children,
  action,
  headingLevel = 2,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="empty-state">
      <span className="empty-state__mark" aria-hidden="true">
        ❦
      </span>
      <Heading className="empty-state__title">{title}</Heading>
      {children ? <div className="empty-state__text">{children}</div> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
