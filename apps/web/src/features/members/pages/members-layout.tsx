/**
 * The frame of every /members page, the members area's parent route: a sign-in gate, the member
 * menu from the domain table (active items only) after the staff links the viewer's level
 * allows, and the page. Nothing in it can render before the session is known.
 */
import { memberMenuItems, MESSAGES, PAGE_PATHS, staffLinks } from '@quillpost/domain';
import { Suspense, useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from '../../../components/page-loading';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useMembership } from '../../../lib/membership/membership-context';
import { useSignIn } from '../../sign-in';
import { useScrollEnds } from '../hooks/use-scroll-ends';
import type { PageHandle, PageMetaFunction } from '../../../lib/route-handle';
import '../members.css';

export const handle: PageHandle = { personal: true };

/** The server's head for every members page; each page titles the document once it shows. */
export const meta: PageMetaFunction = () => ({
  title: 'Members',
  description: 'The members area.',
  path: PAGE_PATHS.members,
  noindex: true,
});

function SignInRequired() {
  const { pathname, search } = useLocation();
  const { openSignIn } = useSignIn();
  const returnUrl = `${pathname}${search}`;
  const opened = useRef(false);
  useDocumentMeta({ title: 'Sign in', description: 'Sign in to reach the members area.' });
  useEffect(() => {
    // Once per visit: closing the dialog leaves the visitor here, free to open it again.
    if (opened.current) return;
    opened.current = true;
    openSignIn({ returnUrl });
  }, [openSignIn, returnUrl]);
  return (
    <div className="page members-gate">
      <p className="page__eyebrow">Members</p>
      <h1>Sign in to continue</h1>
      <p className="page__lede">
        The members area holds your bookmarks, discussions, events and account. Sign in and you will
        come straight back here.
      </p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => openSignIn({ returnUrl })}
      >
        {MESSAGES.SIGN_IN}
      </button>
    </div>
  );
}

function MembersNav() {
  const { state } = useMembership();
  // Staff's links lead: on a phone the strip scrolls sideways, and the console is what they came for.
  const staff = staffLinks(state.level);
  const list = useRef<HTMLUListElement>(null);
  const ends = useScrollEnds(list);
  return (
    <nav className="members-nav" aria-label="Members area">
      <ul
        ref={list}
        className="members-nav__list"
        data-more-before={ends.before || undefined}
        data-more-after={ends.after || undefined}
        // Chromium leaves an item reached by Tab where it is when part of it shows, under the fade.
        onFocus={(event) => event.target.scrollIntoView({ block: 'nearest', inline: 'nearest' })}
      >
        {staff.map((item) => (
          <li key={item.path} className="members-nav__staff">
            <NavLink to={item.path} className="members-nav__link">
              {item.label}
            </NavLink>
          </li>
        ))}
        {memberMenuItems().map((item) => (
          <li key={item.path}>
            <NavLink to={item.path} className="members-nav__link">
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function MembersLayout() {
  const { state, initializing } = useMembership();
  if (initializing) return <PageLoading />;
  if (!state.user) return <SignInRequired />;
  return (
    <div className="members">
      <MembersNav />
      <div className="members__page">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
