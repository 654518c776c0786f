/** The signed-in avatar button; it toggles the user menu (a lazy chunk). */
import { nameToCall } from '@quillpost/domain';
import { lazy, Suspense, useRef } from 'react';
import { useMembership } from '../../lib/membership/membership-context';
import { useSite } from '../../lib/use-site';
import { initialOf, useMenus } from './menu-context';
import './menus.css';

const UserMenu = lazy(() => import('./user-menu'));

export default function AccountMenuButton() {
  const { state } = useMembership();
  const { active, toggle } = useMenus();
  const button = useRef<HTMLButtonElement>(null);
  const user = state.user;
  const ownerName = useSite().owner.name;
  const open = active === 'user';
  return (
    <div className="account-menu">
      <button
        ref={button}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-haspopup="true"
        aria-label="Account menu"
        onClick={() => toggle('user')}
        onPointerEnter={() => void import('./user-menu')}
      >
        {user?.avatar_url ? (
          <img
            src={user.avatar_url}
            alt=""
            width="36"
            height="36"
            className="account-menu__avatar"
          />
        ) : (
          <span className="account-menu__avatar account-menu__avatar--initial" aria-hidden="true">
            {initialOf(user && nameToCall(user, state.level, ownerName), user?.email)}
          </span>
        )}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <UserMenu anchor={button} />
        </Suspense>
      ) : null}
    </div>
  );
}
