/** /subscribe once JavaScript runs: the same form, with the security check added. */
import { TURNSTILE_DUMMY_TOKEN } from '@quillpost/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';

describe('/subscribe with JavaScript', () => {
  it('runs the security check and posts its token with the form', async () => {
    await renderApp({ path: '/subscribe' });
    const main = within(await screen.findByRole('main'));
    const form = (await main.findByRole('button', { name: 'Subscribe' })).closest('form')!;
    await waitFor(
      () =>
        expect(form.querySelector('input[name="turnstileToken"]')).toHaveValue(
          TURNSTILE_DUMMY_TOKEN,
        ),
      { timeout: 5_000 },
    );
    expect(form).toHaveAttribute('action', '/subscribe');
  });
});
