import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buttonLabels, titleCased } from '../test/button-casing';
import { renderApp } from '../test/render-app';

describe('button casing', () => {
  it('knows Title Case from sentence case', () => {
    expect(titleCased('Continue with GitHub')).toBe(true);
    expect(titleCased('Email Me a Sign-In Link')).toBe(true);
    expect(titleCased('Start here')).toBe(false);
    expect(titleCased('the Link')).toBe(false);
  });

  it('is one style on the home page, in the sign-in dialog and in the subscribe popup', async () => {
    const user = userEvent.setup();
    await renderApp();
    await waitFor(() => expect(screen.queryByText('Launching the site')).not.toBeInTheDocument());
    await screen.findByRole('region', { name: /Latest writing/ });
    const seen = buttonLabels();

    const header = within(document.querySelector<HTMLElement>('header.site-header')!);
    await user.click(header.getByRole('button', { name: 'Sign In' }));
    const signIn = await screen.findByRole('dialog', { name: 'Sign in to your account' });
    seen.push(...buttonLabels(signIn));
    await user.click(await within(signIn).findByRole('button', { name: /sign-in link/i }));
    await within(signIn).findByLabelText('Email address');
    seen.push(...buttonLabels(signIn));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(header.getByRole('button', { name: 'Subscribe' }));
    const popup = await screen.findByRole('dialog');
    seen.push(...buttonLabels(popup));

    expect(seen.filter((label) => !titleCased(label))).toEqual([]);
  });
});
