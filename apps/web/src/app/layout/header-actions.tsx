/** The subscribe / sign-in / account area, driven by the domain's progression rules. */
import { SHELL_MESSAGES, type HeaderButton } from '@quillpost/domain';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useMembership } from '../../lib/membership/membership-context';
import { preloadSignInDialog, useSignIn } from '../../features/sign-in';
import { preloadSubscribePopup, useSubscribePopup } from '../../features/subscribe';

// Only signed-in visitors see the account menu, so its code loads only for them.
const AccountMenuButton = lazy(() => import('../../features/menus/account-menu-button'));

export function HeaderActions() {
  const { initializing, buttons } = useMembership();
  const { openPopup } = useSubscribePopup();
  const { openSignIn } = useSignIn();

  // Until the session is known: a visitor's two buttons, invisible and inert, holding the space
  // the real ones take, so nothing in the header moves when they appear.
  if (initializing) {
    return (
      <div className="header-actions header-actions--pending" aria-hidden="true" inert>
        <span className="button header-actions__button button--primary">
          {SHELL_MESSAGES.SUBSCRIBE}
        </span>
        <span className="button header-actions__button">{SHELL_MESSAGES.SIGN_IN}</span>
      </div>
    );
  }

  const render = (button: HeaderButton, primary: boolean) => {
    const className = `button header-actions__button${primary ? ' button--primary' : ''}`;
    const action = button.action;
    if (action.type === 'navigate') {
      return (
        <Link key={button.label} to={action.to} className={className}>
          {button.label}
        </Link>
      );
    }
    const isSubscribe = action.type === 'open-subscribe-popup';
    return (
      <button
        key={button.label}
        type="button"
        className={className}
        aria-haspopup="dialog"
        onPointerEnter={isSubscribe ? preloadSubscribePopup : preloadSignInDialog}
        onFocus={isSubscribe ? preloadSubscribePopup : preloadSignInDialog}
        onClick={() =>
          isSubscribe ? openPopup({ source: 'header', position: 'header' }) : openSignIn()
        }
      >
        {button.label}
      </button>
    );
  };

  return (
    <div className="header-actions">
      {buttons.status ? (
        <span className="header-actions__status" role="status">
          {buttons.status}
        </span>
      ) : null}
      {buttons.primary ? render(buttons.primary, true) : null}
      {buttons.secondary ? render(buttons.secondary, false) : null}
      {buttons.accountMenu ? (
        <Suspense fallback={<span className="account-menu__placeholder" aria-hidden="true" />}>
          <AccountMenuButton />
        </Suspense>
      ) : null}
    </div>
  );
}
