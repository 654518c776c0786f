/**
 * Line icons for the links page, drawn on a 24-unit grid with a 1.8 stroke. The brand marks are
 * simplified outlines, recognisable at 24 px without shipping an icon library.
 */
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  home: (
    <>
      <path d="M3.5 11 12 4l8.5 7" />
      <path d="M6 9.5V20h12V9.5" />
      <path d="M10 20v-5.5h4V20" />
    </>
  ),
  pen: (
    <>
      <path d="M15.5 4.5 19.5 8.5 8.5 19.5 3.8 20.2 4.5 15.5z" />
      <path d="m13.5 6.5 4 4" />
    </>
  ),
  mail: (
    <>
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <path d="m3.8 7 8.2 6.2L20.2 7" />
    </>
  ),
  book: (
    <>
      <path d="M4 5.5c2.8-1.3 5.5-1.3 8 .5 2.5-1.8 5.2-1.8 8-.5v13c-2.8-1.3-5.5-1.3-8 .5-2.5-1.8-5.2-1.8-8-.5z" />
      <path d="M12 6v13" />
    </>
  ),
  rss: (
    <>
      <path d="M5 11a8 8 0 0 1 8 8" />
      <path d="M5 5a14 14 0 0 1 14 14" />
      <circle cx="6" cy="18" r="1.3" fill="currentColor" stroke="none" />
    </>
  ),
  github: (
    <>
      <path d="M9 19c-4 1.3-4-2-5.5-2.5M14.5 21v-3.2c0-1 .1-1.4-.5-2 2.8-.3 5.5-1.4 5.5-6a4.6 4.6 0 0 0-1.3-3.2 4.3 4.3 0 0 0-.1-3.2s-1-.3-3.4 1.3a11.6 11.6 0 0 0-6 0C6.3 3.1 5.3 3.4 5.3 3.4a4.3 4.3 0 0 0-.1 3.2A4.6 4.6 0 0 0 4 9.8c0 4.6 2.7 5.7 5.5 6-.6.6-.6 1.2-.5 2V21" />
    </>
  ),
  x: (
    <>
      <path d="M4.5 4.5h4.2l10.8 15h-4.2z" />
      <path d="M19.2 4.5 13.6 10.8M10.4 13.2 4.8 19.5" />
    </>
  ),
  linkedin: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="2.5" />
      <path d="M8 10.5V16.5M8 7.6v.1M11.5 16.5v-6M11.5 13c0-1.6 1-2.6 2.4-2.6s2.1 1 2.1 2.6v3.5" />
    </>
  ),
  instagram: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="3.8" />
      <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
    </>
  ),
  mastodon: (
    <>
      <path d="M20 8.8c0-3.5-2.3-4.5-2.3-4.5C16.5 3.7 14.5 3.5 12 3.5h-.1c-2.5 0-4.5.2-5.6.8 0 0-2.3 1-2.3 4.5 0 4-.2 8.7 3.8 9.8 1.5.4 2.8.5 3.8.4 1.9-.1 2.9-.6 2.9-.6l-.1-1.4s-1.3.4-2.8.4c-1.5-.1-3-.2-3.3-2 0-.2 0-.3 0-.5 0 0 1.5.4 3.3.4 1.1 0 2.2-.1 3.3-.3 2.1-.4 3.9-1.6 4.1-2.9.3-1.9.3-3.6.3-3.6z" />
      <path d="M8.5 13.5v-4c0-1.2.9-2 2-2s2 .8 2 2v2M12.5 11.5v-2c0-1.2.9-2 2-2s2 .8 2 2v4" />
    </>
  ),
  bluesky: (
    <>
      <path d="M12 11.2C10.8 8.9 7.6 4.7 4.8 4c-1.7-.4-1.9 1.6-1.4 3.4.4 1.6 1.1 4 4.3 4.5-2.4.5-3.6 2.6-1.6 4.4 3.1 2.8 4.7-.6 5.9-3.4 1.2 2.8 2.8 6.2 5.9 3.4 2-1.8.8-3.9-1.6-4.4 3.2-.5 3.9-2.9 4.3-4.5.5-1.8.3-3.8-1.4-3.4-2.8.7-6 4.9-7.2 7.2z" />
    </>
  ),
  link: (
    <>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </>
  ),
};

/** The icon a link names ('github', 'mail', ...); a chain link for anything unknown. */
export function LinkIcon({ name }: { name: string }) {
  return (
    <svg
      className="link-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICONS[name] ?? ICONS.link}
    </svg>
  );
}
