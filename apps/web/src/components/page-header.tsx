import type { ReactNode } from 'react';
import './page-header.css';

/** The top of a page: an optional eyebrow, the one h1, a lede and optional actions. */
export function PageHeader({
  eyebrow,
  title,
  lede,
  children,
  align = 'start',
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lede?: ReactNode;
  children?: ReactNode;
  align?: 'start' | 'center';
}) {
  return (
    <header className={`page-header page-header--${align}`}>
      {eyebrow ? <p className="page__eyebrow">{eyebrow}</p> : null}
      <h1 className="page-header__title">{title}</h1>
      {lede ? <p className="page__lede page-header__lede">{lede}</p> : null}
      {children ? <div className="page-header__extra">{children}</div> : null}
    </header>
  );
}
