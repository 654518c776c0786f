import { OAUTH_PROVIDER_LABELS, type OAuthProvider } from '@quillpost/domain';
import { useEffect, useRef, type RefObject } from 'react';

/**
 * The dialog opens with focus on its heading; once it is known which providers work, focus moves
 * to the first (with none, the email form takes it), unless the reader has moved it. Gives the
 * ref for the providers' list.
 */
export function useFocusOnFirstProvider(
  available: readonly OAuthProvider[] | null,
  heading: RefObject<HTMLHeadingElement | null>,
): RefObject<HTMLUListElement | null> {
  const providerList = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (available === null) return;
    const active = document.activeElement;
    if (active !== heading.current && active !== document.body) return;
    providerList.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [available, heading]);
  return providerList;
}

/** "Continue with …" for each provider set up, then the "or" before the email form. */
export function ProviderButtons({
  providers,
  listRef,
  disabled,
  onChoose,
}: {
  providers: readonly OAuthProvider[];
  listRef: RefObject<HTMLUListElement | null>;
  disabled: boolean;
  onChoose(provider: OAuthProvider): void;
}) {
  return (
    <>
      <ul className="sign-in__providers" ref={listRef}>
        {providers.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              className="button button--block sign-in__method"
              disabled={disabled}
              onClick={() => onChoose(provider)}
            >
              <span className={`sign-in__mark sign-in__mark--${provider}`} aria-hidden="true">
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
  );
}
