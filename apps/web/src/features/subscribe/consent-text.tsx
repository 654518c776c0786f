import { FOOTER_LINKS, MESSAGES, PAGE_PATHS } from '@quillpost/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The consent sentence with its policy names linked to /privacy and /tos. */
export function ConsentText({ id, onNavigate }: { id?: string; onNavigate?: () => void }) {
  const text: string = MESSAGES.CONSENT_TEXT;
  const linked = FOOTER_LINKS.filter(
    (link) => link.path === PAGE_PATHS.privacy || link.path === PAGE_PATHS.tos,
  );
  const parts: ReactNode[] = [];
  let rest = text;
  for (;;) {
    const next = linked
      .map((link) => ({ link, index: rest.indexOf(link.label) }))
      .filter((hit) => hit.index >= 0)
      .sort((a, b) => a.index - b.index)[0];
    if (!next) break;
    parts.push(rest.slice(0, next.index));
    parts.push(
      <Link key={parts.length} to={next.link.path} onClick={onNavigate}>
        {next.link.label}
      </Link>,
    );
    rest = rest.slice(next.index + next.link.label.length);
  }
  parts.push(rest);
  return (
    <p id={id} className="consent-text">
      {parts}
    </p>
  );
}
