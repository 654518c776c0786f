import { useEffect, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import './prose-content.css';

/** Paths the API answers itself (feeds, images): a click on them must leave the app. */
const SERVER_PATHS =
  /^\/(?:api|content|verify|rss\.xml|atom\.xml|feed\.json|sitemap\.xml)(?:[/?#]|$)/;

/**
 * HTML the API rendered from the owner's Markdown and sanitized with an allow-list at sync time
 * (apps/api content/markdown.ts), so it is set as is. Links to pages of this site navigate inside
 * the app instead of reloading it.
 */
export function ProseContent({
  html,
  variant = 'prose',
  className,
}: {
  html: string;
  variant?: 'prose' | 'verse' | 'compact';
  className?: string;
}) {
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    // A code block wider than the column scrolls; keyboard users need to reach it to scroll it.
    for (const pre of root.querySelectorAll<HTMLElement>('pre')) {
      if (pre.scrollWidth > pre.clientWidth) pre.tabIndex = 0;
    }
  }, [html]);

  function followInternalLink(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const href = anchor.getAttribute('href') ?? '';
    if (!href.startsWith('/') || href.startsWith('//') || SERVER_PATHS.test(href)) return;
    event.preventDefault();
    void navigate(href);
  }

  const classes = ['prose-content', `prose-content--${variant}`, className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div
      ref={ref}
      className={classes}
      onClick={followInternalLink}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
