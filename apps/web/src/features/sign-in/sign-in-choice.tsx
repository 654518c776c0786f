import { FOOTER_LINKS, MESSAGES, PAGE_PATHS } from '@quillpost/domain';
import { useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { MagicLinkForm } from './magic-link-form';
import { ProviderButtons, useFocusOnFirstProvider } from './provider-buttons';
import { useSignIn } from './sign-in-context';
import type { SignInFlow } from './use-sign-in-flow';
import { useOAuthProviders } from './use-oauth-providers';

const LEGAL_LINKS = FOOTER_LINKS.filter(
  (link) => link.path === PAGE_PATHS.tos || link.path === PAGE_PATHS.privacy,
);

/**
 * The dialog before a sign-in succeeds: the providers set up and the email form, 'Signing you
 * in...' while a provider answers, the error if one failed, and the terms the reader accepts.
 */
export function SignInChoice({
  titleId,
  heading,
  flow,
}: {
  titleId: string;
  heading: RefObject<HTMLHeadingElement | null>;
  flow: SignInFlow;
}) {
  const { options } = useSignIn();
  const available = useOAuthProviders();
  const providerList = useFocusOnFirstProvider(available, heading);
  // The email form, once opened, stands in for the providers until it is cancelled.
  const [magicOpen, setMagicOpen] = useState(false);

  return (
    <>
      <h2 id={titleId} className="dialog__title" ref={heading} tabIndex={-1}>
        {options.title ?? MESSAGES.SIGN_IN_TITLE}
      </h2>
      <p className="dialog__lede">
        Members can comment, keep bookmarks and join discussions. New here? Signing in creates your
        account.
      </p>
      {flow.phase === 'loading' ? (
        <p className="sign-in__loading" role="status">
          <span className="sign-in__spinner" aria-hidden="true" />
          {MESSAGES.SIGNING_IN}
        </p>
      ) : null}
      {flow.error ? (
        <p className="alert alert--error sign-in__error" role="alert">
          {flow.error}
        </p>
      ) : null}
      {!magicOpen && available?.length ? (
        <ProviderButtons
          providers={available}
          listRef={providerList}
          disabled={flow.phase === 'loading'}
          onChoose={flow.signInWith}
        />
      ) : null}
      {available === null ? null : (
        <MagicLinkForm
          only={available.length === 0}
          returnUrl={flow.returnUrl}
          onOpenChange={setMagicOpen}
          onSignedIn={({ name, returnUrl: next }) => flow.succeed(name, next)}
        />
      )}
      <p className="sign-in__legal">
        By signing in you accept the{' '}
        {LEGAL_LINKS.map((link, index) => (
          <span key={link.path}>
            {index > 0 ? ' and the ' : ''}
            <Link to={link.path} onClick={flow.close}>
              {link.label}
            </Link>
          </span>
        ))}
        .
      </p>
    </>
  );
}
