/**
 * The sign-in dialog (spec section 2): providers, magic link, 'Signing you in...', the error
 * text, and after success 'Welcome, {name or User}!' / 'Account setup complete.'. Closing it
 * (backdrop, Escape or the close button) clears the error.
 */
import {
  FOOTER_LINKS,
  MEMBERS_DASHBOARD_PATH,
  MESSAGES,
  messageTemplates,
  OAUTH_PROVIDER_LABELS,
  oauthProvidersResponseSchema,
  safeReturnPath,
  SIGN_IN_DIALOG_PROVIDERS,
  SUBSCRIBE_REDIRECT_DELAY_MS,
  type OAuthProvider,
  PAGE_PATHS,
} from '@quillpost/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Dialog, DialogCloseButton } from '../../components/dialog';
import { useApiClient } from '../../lib/api-context';
import { useStorage } from '../../lib/storage-context';
import { useMembership } from '../../lib/membership/membership-context';
import { MagicLinkForm } from './magic-link-form';
import { prefersRedirect, startOAuthSignIn, type OAuthOutcome } from './oauth';
import { useSignIn } from './sign-in-context';
import './sign-in.css';

type Phase = 'choose' | 'loading' | 'success';

export default function SignInDialog() {
  const { options, closeSignIn } = useSignIn();
  const membership = useMembership();
  const api = useApiClient();
  const storage = useStorage();
  const navigate = useNavigate();
  const titleId = useId();
  const [phase, setPhase] = useState<Phase>('choose');
  const [error, setError] = useState<string | null>(null);
  const [welcomeName, setWelcomeName] = useState<string | null>(null);
  // Null until /api/oauth/providers answers which providers are configured; only those show.
  const [available, setAvailable] = useState<readonly OAuthProvider[] | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const providerList = useRef<HTMLUListElement>(null);
  const [magicOpen, setMagicOpen] = useState(false);
  const cancelFlow = useRef<() => void>(() => {});
  const destination = useRef<string>(MEMBERS_DASHBOARD_PATH);
  const { pathname, search } = useLocation();
  // Asked for from a members page (the console among them), sign-in comes back to it.
  const here = pathname.startsWith(`${PAGE_PATHS.members}/`) ? `${pathname}${search}` : null;
  const returnUrl = safeReturnPath(options.returnUrl ?? here ?? MEMBERS_DASHBOARD_PATH);

  useEffect(() => {
    let active = true;
    void api.call('oauthProviders', { schema: oauthProvidersResponseSchema }).then((result) => {
      if (!active) return;
      const configured = new Set(
        result.ok
          ? result.data.providers.filter((item) => item.available).map((item) => item.provider)
          : [],
      );
      setAvailable(SIGN_IN_DIALOG_PROVIDERS.filter((provider) => configured.has(provider)));
    });
    return () => {
      active = false;
      cancelFlow.current();
    };
  }, [api]);

  // The dialog opens with focus on its heading; once it is known which providers work, focus
  // moves to the first (with none, the email form takes it), unless the reader has moved it.
  useEffect(() => {
    if (available === null) return;
    const active = document.activeElement;
    if (active !== heading.current && active !== document.body) return;
    providerList.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [available]);

  // After the welcome, go where the sign-in was meant to lead.
  useEffect(() => {
    if (phase !== 'success') return;
    const timer = setTimeout(() => {
      closeSignIn();
      navigate(destination.current);
    }, SUBSCRIBE_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase, closeSignIn, navigate]);

  const close = () => {
    cancelFlow.current();
    setError(null);
    membership.clearError();
    closeSignIn();
  };

  async function succeed(name: string | null, next: string | null) {
    await membership.refresh();
    destination.current = safeReturnPath(next ?? returnUrl);
    setWelcomeName(name);
    setError(null);
    setPhase('success');
  }

  function onOutcome(outcome: OAuthOutcome) {
    switch (outcome.type) {
      case 'redirecting':
        return; // the page is about to leave
      case 'success':
        void succeed(outcome.name, outcome.returnUrl);
        return;
      default:
        setError(outcome.message);
        setPhase('choose');
    }
  }

  function signInWith(provider: OAuthProvider) {
    setError(null);
    setPhase('loading');
    cancelFlow.current = startOAuthSignIn({
      provider,
      api,
      storage,
      returnUrl,
      mobile: prefersRedirect(),
      onOutcome,
    });
  }

  const shownError = error ?? (membership.state.error ? MESSAGES[membership.state.error] : null);
  const legal = FOOTER_LINKS.filter(
    (link) => link.path === PAGE_PATHS.tos || link.path === PAGE_PATHS.privacy,
  );

  return (
    <Dialog
      labelledBy={titleId}
      onClose={close}
      placement="center"
      className="sign-in"
      initialFocus={heading}
    >
      {phase === 'success' ? (
        <div className="sign-in__success" role="status">
          <span className="sign-in__check" aria-hidden="true">
            ✓
          </span>
          <h2 id={titleId} className="dialog__title sign-in__title">
            {messageTemplates.welcome(welcomeName ?? membership.state.user?.name)}
          </h2>
          <p className="dialog__lede">{MESSAGES.ACCOUNT_SETUP_COMPLETE}</p>
        </div>
      ) : (
        <>
          <h2 id={titleId} className="dialog__title" ref={heading} tabIndex={-1}>
            {options.title ?? MESSAGES.SIGN_IN_TITLE}
          </h2>
          <p className="dialog__lede">
            Members can comment, keep bookmarks and join discussions. New here? Signing in creates
            your account.
          </p>
          {phase === 'loading' ? (
            <p className="sign-in__loading" role="status">
              <span className="sign-in__spinner" aria-hidden="true" />
              {MESSAGES.SIGNING_IN}
            </p>
          ) : null}
          {shownError ? (
            <p className="alert alert--error sign-in__error" role="alert">
              {shownError}
            </p>
          ) : null}
          {!magicOpen && available?.length ? (
            <>
              <ul className="sign-in__providers" ref={providerList}>
                {available.map((provider) => (
                  <li key={provider}>
                    <button
                      type="button"
                      className="button button--block sign-in__method"
                      disabled={phase === 'loading'}
                      onClick={() => signInWith(provider)}
                    >
                      <span
                        className={`sign-in__mark sign-in__mark--${provider}`}
                        aria-hidden="true"
                      >
                        {OAUTH_PROVIDER_LABELS[provider].charAt(0)}
                      </span>
                      Continue with {OAUTH_PROVIDER_LABELS[provider]}
                    </button>
                  </li>
                ))}
              </ul>
              <p className="sign-in__divider">
                <span>or</span>
              </p>
            </>
          ) : null}
          {available === null ? null : (
            <MagicLinkForm
              only={available.length === 0}
              returnUrl={returnUrl}
              onOpenChange={setMagicOpen}
              onSignedIn={({ name, returnUrl: next }) => void succeed(name, next)}
            />
          )}
          <p className="sign-in__legal">
            By signing in you accept the{' '}
            {legal.map((link, index) => (
              <span key={link.path}>
                {index > 0 ? ' and the ' : ''}
                <Link to={link.path} onClick={close}>
                  {link.label}
                </Link>
              </span>
            ))}
            .
          </p>
        </>
      )}
      <DialogCloseButton onClick={close} />
    </Dialog>
  );
}
