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
 * knows its reader keeps them hidden meanwhile (`.header-actions--presumed`, html[data-member]),
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
      // A subscriber's standing: on a phone a check mark alone, so the header keeps one row.
      return (
        <Link
          key={button.label}
          to={action.to}
          className={`${className} header-actions__button--standing`}
        >
          <svg
            className="header-actions__check"
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
          >
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="header-actions__label">{button.label}</span>
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
