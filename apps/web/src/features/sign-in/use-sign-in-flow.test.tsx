import { MESSAGES } from '@quillpost/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MembershipProvider } from '../../lib/membership/membership-context';
import { signedIn, SIGNED_OUT } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-app';
import { SignInProvider, useSignIn, type SignInOptions } from './sign-in-context';
import { useSignInFlow } from './use-sign-in-flow';
import { useSite } from '../../lib/use-site';

function Flow({ options }: { options?: SignInOptions }) {
  const { open, openSignIn } = useSignIn();
  const flow = useSignInFlow();
  const site = useSite();
  return (
    <>
      <p>{`site's owner: ${site.owner.name}`}</p>
      <p>phase: {flow.phase}</p>
      <p>return to: {flow.returnUrl}</p>
      <p>dialog: {open ? 'open' : 'closed'}</p>
      {flow.error ? <p role="alert">{flow.error}</p> : null}
      {flow.phase === 'success' ? <p>{`welcome: ${flow.welcomeName ?? ''}`}</p> : null}
      <button type="button" onClick={() => openSignIn(options)}>
        Open
      </button>
      <button type="button" onClick={() => flow.signInWith('google')}>
        Google
      </button>
      <button type="button" onClick={() => flow.succeed('Ada', '/members/bookmarks')}>
        Link Answered
      </button>
      <button type="button" onClick={() => flow.succeed(null, null)}>
        Link Answered Without A Name
      </button>
      <button type="button" onClick={flow.close}>
        Close
      </button>
    </>
  );
}

function renderFlow(path = '/', options?: SignInOptions, routes = SIGNED_OUT) {
  const rendered = renderWithProviders(
    <MembershipProvider>
      <SignInProvider>
        <Flow options={options} />
      </SignInProvider>
    </MembershipProvider>,
    { path, routes },
  );
  return { ...rendered, user: userEvent.setup() };
}

afterEach(() => vi.restoreAllMocks());

describe('useSignInFlow', () => {
  it('comes back to the members page it was asked from', () => {
    renderFlow('/members/bookmarks?tag=tools');
    expect(screen.getByText('return to: /members/bookmarks?tag=tools')).toBeInTheDocument();
  });

  it('leads to the dashboard from a reading page, unless told otherwise', async () => {
    const { unmount } = renderFlow('/posts/small-tools');
    expect(screen.getByText('return to: /members/dashboard')).toBeInTheDocument();
    unmount();
    renderFlow('/posts/small-tools', { returnUrl: '/members/events' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByText('return to: /members/events')).toBeInTheDocument();
  });

  it("says a blocked popup's error, back at choosing, and closing clears it", async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderFlow();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.POPUP_BLOCKED);
    expect(screen.getByText('phase: choose')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('dialog: closed')).toBeInTheDocument();
  });

  it("closes a provider's popup still open when the reader closes the dialog", async () => {
    const popup = { closed: false, close: () => (popup.closed = true) };
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    const { user } = renderFlow();
    await user.click(screen.getByRole('button', { name: 'Google' }));
    expect(screen.getByText('phase: loading')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(popup.closed).toBe(true);
  });

  it('welcomes the member once signed in, then goes where the sign-in was to lead', async () => {
    const { user, routes } = renderFlow();
    Object.assign(routes, signedIn({ name: 'Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Link Answered' }));
    expect(await screen.findByText('welcome: Ada')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/members/bookmarks'),
    );
  });

  it('welcomes the owner by the name site.yml gives, when their account has none', async () => {
    const { user } = renderFlow('/', undefined, signedIn({ role: 'admin', name: null }));
    await user.click(screen.getByRole('button', { name: 'Link Answered Without A Name' }));
    const owner = screen.getByText(/^site's owner: /).textContent!.replace("site's owner: ", '');
    expect(owner).not.toBe('');
    expect(await screen.findByText(`welcome: ${owner}`)).toBeInTheDocument();
  });
});
