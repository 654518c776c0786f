/**
 * The user menu in its three variants (spec sections 2 and 9): a 320 px sidebar with every
 * active member item, a dropdown with the first four, or a compact overlay (max 320 px) with a
 * dashboard button. All close on Escape or an outside click; sign out goes to '/'.
 */
import {
  DESKTOP_MIN_WIDTH_PX,
  canModerate,
  memberMenuItems,
  MESSAGES,
  messageTemplates,
  nameToCall,
  ROLE_LABELS,
  SIGN_OUT_REDIRECT_PATH,
  staffLinks,
  USER_DROPDOWN_MAX_ITEMS,
  USER_MENU_DASHBOARD_PATH,
  userMenuDesktopWidth,
  type UserMenuVariant,
} from '@quillpost/domain';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Dialog, DialogCloseButton } from '../../components/dialog';
import { useMembership } from '../../lib/membership/membership-context';
import { useSite } from '../../lib/use-site';
import { initialOf, useMenus } from './menu-context';

/** Below this width the sidebar would crowd the page; phones get the compact overlay. */
const OVERLAY_MAX_VIEWPORT_PX = 599;

export function userMenuVariantFor(viewportWidth: number): UserMenuVariant {
  if (viewportWidth >= DESKTOP_MIN_WIDTH_PX) return 'dropdown';
  return viewportWidth > OVERLAY_MAX_VIEWPORT_PX ? 'sidebar' : 'overlay';
}

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return width;
}

export interface UserMenuProps {
  anchor: RefObject<HTMLElement | null>;
  /** Forces a variant; by default it follows the viewport width. */
  variant?: UserMenuVariant;
}

export default function UserMenu({ anchor, variant }: UserMenuProps) {
  const viewport = useViewportWidth();
  const chosen = variant ?? userMenuVariantFor(viewport);
  const { close } = useMenus();
  const membership = useMembership();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const ownerName = useSite().owner.name;
  const titleId = useId();
  const [signingOut, setSigningOut] = useState(false);
  const [failed, setFailed] = useState(false);

  const closeAndReturnFocus = () => {
    close();
    anchor.current?.focus();
  };

  async function signOut() {
    setSigningOut(true);
    const ok = await membership.logout();
    setSigningOut(false);
    if (!ok) {
      setFailed(true);
      return;
    }
    close();
    navigate(SIGN_OUT_REDIRECT_PATH);
  }

  const user = membership.state.user;
  const level = membership.state.level;
  const name = user ? nameToCall(user, level, ownerName) : null;
  // Staff run the site: their role says who they are, not a reader's newsletter status.
  const staff = user !== null && canModerate(level);
  const header = (
    <div className="user-menu__who">
      {user?.avatar_url ? (
        <img src={user.avatar_url} alt="" width="44" height="44" className="user-menu__avatar" />
      ) : (
        <span className="user-menu__avatar user-menu__avatar--initial" aria-hidden="true">
          {initialOf(name, user?.email)}
        </span>
      )}
      <div className="user-menu__identity">
        <h2 id={titleId} className="user-menu__name">
          {name || user?.email || ROLE_LABELS[level]}
        </h2>
        {name ? <p className="user-menu__email">{user?.email}</p> : null}
        <p className="user-menu__status">
          {staff
            ? ROLE_LABELS[level]
            : `${ROLE_LABELS[level]} · ${messageTemplates.memberStatus(user?.subscription_status)}`}
        </p>
      </div>
    </div>
  );
  const runTheSite = user ? staffLinks(level) : [];

  const signOutButton = (
    <>
      {failed ? (
        <p className="alert alert--error user-menu__error" role="alert">
          {MESSAGES.LOGOUT_FAILED}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--block user-menu__sign-out"
        onClick={() => void signOut()}
        disabled={signingOut}
      >
        {MESSAGES.SIGN_OUT}
      </button>
    </>
  );

  if (chosen === 'overlay') {
    return (
      <Dialog
        labelledBy={titleId}
        onClose={close}
        placement="center"
        className="user-menu user-menu--overlay"
      >
        {header}
        {runTheSite.map((link, index) => (
          <Link
            key={link.path}
            to={link.path}
            className={`button button--block${index === 0 ? ' button--primary' : ''}`}
            onClick={close}
          >
            {link.label}
          </Link>
        ))}
        <Link
          to={USER_MENU_DASHBOARD_PATH}
          className={`button button--block${runTheSite.length ? '' : ' button--primary'}`}
          onClick={close}
        >
          {MESSAGES.DASHBOARD}
        </Link>
        {signOutButton}
        <DialogCloseButton onClick={close} label="Close account menu" />
      </Dialog>
    );
  }

  const items = memberMenuItems({ level });
  // The staff's links first, then the spec's member items (the dropdown shows its first four).
  const shown = [
    ...runTheSite,
    ...(chosen === 'dropdown' ? items.slice(0, USER_DROPDOWN_MAX_ITEMS) : items),
  ];
  const list = (
    <nav aria-label="Members area">
      <ul className="user-menu__items">
        {shown.map((item) => (
          <li key={item.path}>
            <Link
              to={item.path}
              className="user-menu__item"
              aria-current={pathname === item.path ? 'page' : undefined}
              onClick={close}
            >
              <span className="user-menu__item-label">{item.label}</span>
              <span className="user-menu__item-description">{item.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );

  if (chosen === 'sidebar') {
    return (
      <Dialog
        labelledBy={titleId}
        onClose={close}
        placement="sidebar-right"
        className="user-menu user-menu--sidebar"
      >
        {header}
        {list}
        {signOutButton}
        <DialogCloseButton onClick={close} label="Close account menu" />
      </Dialog>
    );
  }

  return (
    <Dropdown
      anchor={anchor}
      labelledBy={titleId}
      onClose={closeAndReturnFocus}
      width={userMenuDesktopWidth(viewport)}
    >
      {header}
      {list}
      {signOutButton}
    </Dropdown>
  );
}

/** A non-modal panel under its button: Escape or a click elsewhere closes it. */
function Dropdown({
  anchor,
  labelledBy,
  onClose,
  width,
  children,
}: {
  anchor: RefObject<HTMLElement | null>;
  labelledBy: string;
  onClose: () => void;
  width: number;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    const onPointer = (event: PointerEvent | MouseEvent) => {
      const target = event.target as Node | null;
      if (!target || panel.current?.contains(target) || anchor.current?.contains(target)) return;
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [anchor]);

  return (
    <div
      ref={panel}
      className="user-menu user-menu--dropdown"
      role="dialog"
      aria-labelledby={labelledBy}
      style={{ width }}
    >
      {children}
    </div>
  );
}
