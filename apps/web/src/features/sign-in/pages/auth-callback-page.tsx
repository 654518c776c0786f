/**
 * Where provider and magic-link sign-ins land (/auth/callback). auth_success and auth_error are
 * read and logged only (spec section 2); the session itself says whether sign-in worked.
 */
import {
  MEMBERS_DASHBOARD_PATH,
  MESSAGES,
  safeReturnPath,
  STORAGE_KEYS,
  PAGE_PATHS,
} from '@quillpost/domain';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useMembership } from '../../../lib/membership/membership-context';
import { useSignIn } from '../sign-in-context';
import { useStorage } from '../../../lib/storage-context';
import type { PageHandle, PageMetaFunction } from '../../../lib/route-handle';

export const handle: PageHandle = { personal: true };

export const meta: PageMetaFunction = () => ({
  title: 'Signing you in',
  description: 'Finishing your sign-in.',
  path: PAGE_PATHS.authCallback,
  noindex: true,
});

export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const { refresh } = useMembership();
  const { openSignIn } = useSignIn();
  const storage = useStorage();
  const navigate = useNavigate();
  // auth_error is only logged; the page just offers another try.
  const failed = params.get('auth_error') !== null;
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const authSuccess = params.get('auth_success');
    const authError = params.get('auth_error');
    console.info('[auth callback]', { auth_success: authSuccess, auth_error: authError });
    storage.remove(STORAGE_KEYS.oauthInProgress);
    if (authError !== null) return;
    const target = safeReturnPath(params.get('returnUrl') ?? MEMBERS_DASHBOARD_PATH);
    void refresh().then(() => navigate(target, { replace: true }));
  }, [params, refresh, storage, navigate]);

  return (
    <article className="page prose">
      {failed ? (
        <>
          <h1>Sign-in didn’t finish</h1>
          <p className="page__lede">{MESSAGES.AUTHENTICATION_FAILED}</p>
          <p className="ui-text">
            <button type="button" className="button button--primary" onClick={() => openSignIn()}>
              Try Again
            </button>{' '}
            <Link to={PAGE_PATHS.home} className="button button--quiet">
              Go home
            </Link>
          </p>
        </>
      ) : (
        <p className="page-loading" role="status">
          {MESSAGES.SIGNING_IN}
        </p>
      )}
    </article>
  );
}
