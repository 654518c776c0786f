/** The subscribe / sign-in / account area, driven by the domain's progression rules. */
import { PAGE_PATHS, SHELL_MESSAGES, type HeaderButton } from '@quillpost/domain';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useMembership } from '../../lib/membership/membership-context';
import { preloadSignInDialog, useSignIn } from '../../features/sign-in';
import { preloadSubscribePopup, useSubscribePopup } from '../../features/subscribe';
import { Island } from '../../islands/island';
import { ActionLink } from '../../components/action-link';

// Only signed-in visitors see the account menu, so its code loads only for them.
const AccountMenuButton = lazy(() => import('../../features/menus/account-menu-button'));

/**
 * Until the session is known, what most readers are: a visitor, with links that work without
 * JavaScript and that src/islands/boot.ts turns into the popup and the dialog. A browser that
 * knows its reader keeps them hidden meanwhile (`.header-actions--presumed`, MEMBER_MARK_SCRIPT),
 * holding the space the real buttons take.
 */
function VisitorActions() {
  const { openPopup } = useSubscribePopup();
  const { openSignIn } = useSignIn();
  return (
    <div className="header-actions header-actions--presumed">
      <ActionLink
        href={`${PAGE_PATHS.subscribe}?source=header`}
        className="button header-actions__button button--primary"
        action="subscribe"
        data={{ source: 'header', position: 'header' }}
        onAct={() => openPopup({ source: 'header', position: 'header' })}
        onPointerEnter={preloadSubscribePopup}
        onFocus={preloadSubscribePopup}
      >
        {SHELL_MESSAGES.SUBSCRIBE}
      </ActionLink>
      <ActionLink
        href={PAGE_PATHS.members}
        className="button header-actions__button"
        action="sign-in"
        onAct={() => openSignIn()}
        onPointerEnter={preloadSignInDialog}
        onFocus={preloadSignInDialog}
      >
        {SHELL_MESSAGES.SIGN_IN}
      </ActionLink>
    </div>
  );
}

export function HeaderActionsBody() {
  const { initializing, buttons } = useMembership();
  const { openPopup } = useSubscribePopup();
  const { openSignIn } = useSignIn();

  if (initializing) return <VisitorActions />;

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

export function HeaderActions() {
  return <Island name="header-actions" when="member" component={HeaderActionsBody} props={{}} />;
}
