/**
 * /signedup: where the subscribe form lands (spec section 2). Navigation state carries email,
 * name, subscribedAt and wantsAccount; a direct visit (or a stale history entry) has none and
 * gets a generic page instead.
 */
import { MESSAGES, PAGE_PATHS } from '@quillpost/domain';
import { Link, useLocation } from 'react-router-dom';
import { useMembership } from '../../../lib/membership/membership-context';
import { preloadSignInDialog, useSignIn } from '../../sign-in';
import { useResendConfirmation } from '../use-resend-confirmation';
import { useHydrated } from '../../../lib/use-hydrated';
import type { PageHandle, PageMetaFunction } from '../../../lib/route-handle';
import './signed-up-page.css';

export const handle: PageHandle = { hydrates: true };

export const meta: PageMetaFunction = () => ({
  title: 'Check your inbox',
  description: 'Confirm your newsletter subscription with the link in your email.',
  path: PAGE_PATHS.signedUp,
  noindex: true,
});

interface SignedUpState {
  email: string;
  name: string | null;
  subscribedAt: string | null;
  wantsAccount: boolean;
}

/** History state is whatever the last page put there: keep only well-formed fields. */
function readSignedUpState(value: unknown): SignedUpState | null {
  if (typeof value !== 'object' || value === null) return null;
  const state = value as Record<string, unknown>;
  if (typeof state.email !== 'string' || !state.email.includes('@')) return null;
  const name = typeof state.name === 'string' && state.name.trim() ? state.name.trim() : null;
  return {
    email: state.email,
    name,
    subscribedAt: typeof state.subscribedAt === 'string' ? state.subscribedAt : null,
    wantsAccount: state.wantsAccount === true,
  };
}

function ResendConfirmation() {
  const { resend, sending, outcome } = useResendConfirmation();
  return (
    <div className="signed-up__resend">
      <p className="muted">
        Nothing there after a few minutes? Look in your spam or promotions folder, or:
      </p>
      <button type="button" className="button" onClick={() => void resend()} disabled={sending}>
        Resend the Confirmation Email
      </button>
      {outcome ? (
        <p
          className={`alert alert--${outcome.ok ? 'success' : 'error'}`}
          role={outcome.ok ? 'status' : 'alert'}
        >
          {outcome.message}
        </p>
      ) : null}
    </div>
  );
}

function CreateAccount() {
  const { openSignIn } = useSignIn();
  return (
    <section className="signed-up__account" aria-labelledby="signed-up-account">
      <h2 id="signed-up-account">Your account</h2>
      <p>
        You asked for an account as well. With one you can comment, keep bookmarks and join the
        discussions. Sign up with GitHub, Google, Facebook, Discord or a link by email.
      </p>
      <button
        type="button"
        className="button button--primary"
        aria-haspopup="dialog"
        onPointerEnter={preloadSignInDialog}
        onFocus={preloadSignInDialog}
        onClick={() => openSignIn()}
      >
        {MESSAGES.SIGN_UP}
      </button>
    </section>
  );
}

function GenericSignedUp() {
  return (
    <article className="page signed-up">
      <div className="prose">
        <p className="page__eyebrow">Newsletter</p>
        <h1>Thanks for subscribing</h1>
        <p className="page__lede">
          If you have just subscribed, there is an email on its way to you. Click the link inside to
          confirm your address: nothing is sent until you do.
        </p>
        <p>
          You can check where your subscription stands, resend the confirmation or unsubscribe on
          the <Link to={PAGE_PATHS.manage}>manage subscription</Link> page.
        </p>
      </div>
      <p className="signed-up__actions">
        <Link className="button button--primary" to={PAGE_PATHS.home}>
          Go to the home page
        </Link>
        <Link className="button" to={PAGE_PATHS.manage}>
          Manage your subscription
        </Link>
      </p>
    </article>
  );
}

export default function SignedUpPage() {
  const location = useLocation();
  // History state never reaches the server: a reload hydrates the generic page, then this one.
  const details = useHydrated() ? readSignedUpState(location.state) : null;
  const membership = useMembership();

  if (!details) return <GenericSignedUp />;

  const stored = membership.state.subscription;
  const sameSubscription = stored?.email.toLowerCase() === details.email.toLowerCase();
  const confirmed = sameSubscription && stored.verified;
  const signedIn = membership.state.user !== null;

  return (
    <article className="page signed-up">
      <div className="prose">
        <p className="page__eyebrow">Newsletter</p>
        <h1>{details.name ? `Thank you, ${details.name}!` : 'Thank you for subscribing!'}</h1>
        {confirmed ? (
          <p className="page__lede">
            Your subscription for <strong className="signed-up__email">{details.email}</strong> is
            confirmed. The next letter will find you there.
          </p>
        ) : (
          <>
            <p className="page__lede">
              I’ve sent a confirmation email to{' '}
              <strong className="signed-up__email">{details.email}</strong>.
            </p>
            <p>
              Please open it and click the link inside to confirm your subscription. Until you do,
              no newsletter is sent: that way nobody can sign up an address that isn’t theirs.
            </p>
          </>
        )}
      </div>
      {confirmed ? null : <ResendConfirmation />}
      {details.wantsAccount && !signedIn ? <CreateAccount /> : null}
      <p className="signed-up__actions">
        <Link className="button" to={PAGE_PATHS.home}>
          Back to the home page
        </Link>
        <Link className="button button--quiet" to={PAGE_PATHS.manage}>
          Manage your subscription
        </Link>
      </p>
    </article>
  );
}
