import { DEFAULT_SUBSCRIBE_COPY, MESSAGES } from '@quillpost/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT, SITE } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

async function openFromHeader() {
  const user = userEvent.setup();
  const utils = await renderApp();
  await waitFor(() => expect(screen.queryByText('Launching the site')).not.toBeInTheDocument());
  const header = within(document.querySelector<HTMLElement>('header.site-header')!);
  const trigger = await header.findByRole('button', { name: 'Subscribe' });
  await user.click(trigger);
  const dialog = await screen.findByRole('dialog');
  return { ...utils, user, trigger, dialog };
}

describe('subscribe popup controller', () => {
  it('opens a labelled modal dialog from the header, at the header position', async () => {
    const { dialog } = await openFromHeader();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleName('Get new writing by email');
    expect(document.querySelector('.dialog--header')).toBeInTheDocument();
    // The lock and the focus are the dialog's effect, run just after it is drawn.
    await waitFor(() => expect(document.body).toHaveClass('is-scroll-locked'));
    await waitFor(() => expect(within(dialog).getByLabelText('Email address')).toHaveFocus());
  });

  it('closes on Escape, unlocks scrolling and gives focus back', async () => {
    const { user, trigger } = await openFromHeader();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body).not.toHaveClass('is-scroll-locked');
    expect(trigger).toHaveFocus();
  });

  it('closes on an overlay click', async () => {
    const { user } = await openFromHeader();
    await user.click(screen.getByTestId('dialog-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps Tab inside the dialog', async () => {
    const { user, dialog } = await openFromHeader();
    const focusables = within(dialog).getAllByRole('button');
    const last = focusables[focusables.length - 1]!;
    act(() => last.focus());
    await user.tab();
    expect(within(dialog).getByLabelText('Email address')).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
  });

  it("promises in step 1 nothing the consent line of step 2 takes back (a new site's words)", async () => {
    const user = userEvent.setup();
    // A site made by `pnpm content init` says nothing of its own: the defaults speak.
    await renderApp({
      routes: {
        ...SIGNED_OUT,
        'GET /api/site': { body: { ...SITE, subscribe: DEFAULT_SUBSCRIBE_COPY } },
      },
    });
    await waitFor(() => expect(screen.queryByText('Launching the site')).not.toBeInTheDocument());
    const header = within(document.querySelector<HTMLElement>('header.site-header')!);
    await user.click(await header.findByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog');
    const stepOne = dialog.querySelector('.subscribe-form__lede')!.textContent!;
    expect(stepOne).toBe(DEFAULT_SUBSCRIBE_COPY.dialog);
    expect(stepOne).not.toMatch(/nothing else|only/i);
    await user.type(within(dialog).getByLabelText('Email address'), 'reader@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    // The spec's consent line: promotional updates may arrive, and step 1 says as much.
    expect(within(dialog).getByText(/promotional updates/)).toHaveTextContent(
      MESSAGES.CONSENT_TEXT,
    );
    expect(stepOne).toMatch(/update/i);
  });

  it('on success in the header popup closes it and goes to /signedup with the details', async () => {
    const { user, dialog, routes } = await openFromHeader();
    routes['POST /api/auth/subscribe'] = {
      body: {
        success: true,
        message: 'Please check your email to confirm your subscription.',
        statusToken: 'mh1x.status-token',
      },
    };
    await user.type(within(dialog).getByLabelText('Email address'), 'reader@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.type(within(dialog).getByLabelText(/Your name/), 'Ada');
    const submit = within(dialog).getByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 3000,
    });
    const location = screen.getByTestId('location');
    // Navigations are transitions: the location updates once /signedup's code has loaded.
    await waitFor(() => expect(location).toHaveTextContent('/signedup'));
    expect(JSON.parse(location.dataset.state ?? 'null')).toMatchObject({
      email: 'reader@example.com',
      name: 'Ada',
      wantsAccount: false,
    });
  });
});
