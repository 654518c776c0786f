import { NEWSLETTER_SECTION_LABELS } from '@quillpost/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT, SITE, type FakeRoute } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const active = {
  email: 'reader@example.com',
  name: 'Ada',
  subscribedAt: '2025-01-01T00:00:00.000Z',
  verified: true,
  status: 'active',
  wantsAccount: false,
};

function renderManage(unsubscribeAnswer: unknown, preferencesRoute?: FakeRoute) {
  return renderApp({
    path: '/manage',
    stored: { subscription: active },
    routes: {
      ...SIGNED_OUT,
      'POST /api/auth/unsubscribe': { body: unsubscribeAnswer },
      ...(preferencesRoute ? { 'GET /api/auth/subscription/data/profile': preferencesRoute } : {}),
    },
  });
}

async function unsubscribe() {
  const user = userEvent.setup();
  await waitFor(() => expect(screen.queryByText('Launching the site')).not.toBeInTheDocument());
  const page = within(await screen.findByRole('main'));
  await user.click(await page.findByRole('button', { name: 'Unsubscribe' }));
  return page;
}

describe('/manage unsubscribe', () => {
  // The English `message` is deliberately off-catalogue: the outcome must come from the data.
  it('data.unsubscribed true: forgets the stored subscription', async () => {
    const { store } = await renderManage({
      success: true,
      message: 'Some other wording',
      data: { unsubscribed: true },
    });
    const page = await unsubscribe();
    expect(await page.findByText('You have been unsubscribed.')).toBeInTheDocument();
    expect(store.data.has('subscription')).toBe(false);
  });

  it('data.unsubscribed false: a confirmation link was mailed, the subscription stays', async () => {
    const { store } = await renderManage({
      success: true,
      message: 'You have been unsubscribed.',
      data: { unsubscribed: false },
    });
    const page = await unsubscribe();
    expect(
      await page.findByText(
        'If that address is subscribed, we have emailed it a link to confirm the unsubscribe.',
      ),
    ).toBeInTheDocument();
    expect(store.data.has('subscription')).toBe(true);
  });
});

describe('/manage status', () => {
  it('says since when in the site’s language and time zone', async () => {
    await renderApp({
      path: '/manage',
      stored: { subscription: active },
      routes: {
        ...SIGNED_OUT,
        'GET /api/site': { body: { ...SITE, timezone: 'America/New_York' } },
      },
    });
    const status = within(await screen.findByRole('region', { name: 'Status' }));
    // Midnight UTC on 1 January 2025 was still New Year's Eve in New York.
    expect(status.getByText('31 December 2024')).toHaveAttribute('dateTime', active.subscribedAt);
  });
});

describe('/manage preferences', () => {
  it('shows the stored sections; a section the answer leaves out stays on', async () => {
    await renderManage(
      { success: true, data: { unsubscribed: true } },
      {
        body: {
          success: true,
          subscription: { ...active, preferences: { learn: false, poetry: false } },
        },
      },
    );
    const page = within(await screen.findByRole('main'));
    await waitFor(() =>
      expect(page.getByRole('button', { name: 'Save Preferences' })).toBeEnabled(),
    );
    expect(page.getByRole('checkbox', { name: NEWSLETTER_SECTION_LABELS.learn })).not.toBeChecked();
    expect(
      page.getByRole('checkbox', { name: NEWSLETTER_SECTION_LABELS.poetry }),
    ).not.toBeChecked();
    expect(page.getByRole('checkbox', { name: NEWSLETTER_SECTION_LABELS.build })).toBeChecked();
    expect(page.getByRole('checkbox', { name: NEWSLETTER_SECTION_LABELS.journal })).toBeChecked();
  });

  it('a refused read locks the sections and says how to change them', async () => {
    await renderManage(
      { success: true, data: { unsubscribed: true } },
      {
        status: 401,
        body: { success: false, code: 'UNAUTHORIZED', message: 'Authentication required' },
      },
    );
    const page = within(await screen.findByRole('main'));
    expect(
      await page.findByText(/open the “Manage subscription” link in any newsletter email/),
    ).toBeInTheDocument();
    expect(page.getByRole('button', { name: 'Save Preferences' })).toBeDisabled();
    expect(page.getByRole('checkbox', { name: NEWSLETTER_SECTION_LABELS.poetry })).toBeDisabled();
  });
});
