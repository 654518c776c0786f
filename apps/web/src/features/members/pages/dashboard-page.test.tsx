import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { bookmark, event, memberRoutes, preloadMembersArea, siteWith } from '../testing/fixtures';

beforeAll(preloadMembersArea, 30_000);

describe('dashboard', () => {
  it('greets the member with role, status, next step, bookmarks, posts and events', async () => {
    await renderApp({
      path: '/members/dashboard',
      routes: memberRoutes('member', {
        ...siteWith({ timezone: 'America/New_York' }),
        'GET /api/members/dashboard': {
          body: {
            success: true,
            announcement: 'Book club on Friday.',
            bookmarks: [bookmark()],
            posts: [
              { id: '1', slug: 'newest', title: 'Newest post', excerpt: '', date: '2026-01-01' },
            ],
            events: [event()],
            warnings: [],
            profileComplete: false,
          },
        },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/, Ada Lovelace\.$/)).toBeInTheDocument();
    const status = screen.getByText('Role').closest('dl')!;
    expect(within(status).getByText('Member')).toBeInTheDocument();
    // No subscription: the spec's label for anything but 'active'.
    expect(within(status).getByText('Subscriber')).toBeInTheDocument();
    expect(await screen.findByText('Book club on Friday.')).toBeInTheDocument();
    // Signed in without a subscription: the spec's AUTH_ONLY next step.
    const nextStep = screen.getByRole('region', { name: 'Next step' });
    expect(nextStep).toHaveTextContent(
      'Subscribe to our newsletter for exclusive content and updates',
    );
    expect(screen.getByRole('link', { name: 'Small tools' })).toHaveAttribute(
      'href',
      '/posts/small-tools',
    );
    expect(screen.getByRole('link', { name: 'Newest post' })).toHaveAttribute(
      'href',
      '/posts/newest',
    );
    // A post's date is a calendar day: New York does not move it to 31 December.
    expect(screen.getByText('· 1 Jan 2026')).toBeInTheDocument();
    expect(screen.getByText('Reading night')).toBeInTheDocument();
    // An event keeps its own zone (London), written in the site's language.
    expect(screen.getByText('Tue, 10 Mar 2026, 19:00 GMT')).toBeInTheDocument();
  });

  it("says 'Active Member' for an active subscription and shows moderators' warnings", async () => {
    const subscription = {
      email: 'ada@example.com',
      name: 'Ada',
      status: 'active',
      verified: true,
      subscribedAt: '2025-01-01T00:00:00.000Z',
      wantsAccount: true,
      preferences: { build: true, learn: true, write: true, journal: true, poetry: true },
    };
    await renderApp({
      path: '/members/dashboard',
      routes: {
        ...memberRoutes(),
        ...signedIn({ name: 'Ada' }, subscription),
        ...siteWith({ timezone: 'America/New_York' }),
        'GET /api/members/dashboard': {
          body: {
            success: true,
            announcement: '',
            bookmarks: [],
            posts: [],
            events: [],
            warnings: [{ reason: 'Please keep it civil.', createdAt: '2026-01-02T00:00:00Z' }],
            profileComplete: false,
          },
        },
      },
    });
    expect(await screen.findByText('Active Member')).toBeInTheDocument();
    // Midnight UTC on 2 January is still 1 January in the site's zone.
    expect(await screen.findByText(/Please keep it civil\./)).toHaveTextContent(
      'A note from the moderators (1 Jan 2026): Please keep it civil.',
    );
    expect(screen.getByRole('link', { name: 'your profile' })).toHaveAttribute(
      'href',
      '/members/profile',
    );
    expect(screen.getByText(/Nothing saved yet/)).toBeInTheDocument();
  });

  it("treats the owner as the owner: their name from site.yml, no reader's status or prompt, the console first", async () => {
    const routes = memberRoutes('admin');
    const me = routes['GET /api/auth/me'] as { body: { user: Record<string, unknown> } };
    me.body.user = { ...me.body.user, name: null, subscription_status: null };
    await renderApp({ path: '/members/dashboard', routes });
    expect(await screen.findByText(/, Rowan Ellis\.$/)).toBeInTheDocument();
    const status = screen.getByText('Role').closest('dl')!;
    expect(within(status).getByText('Administrator')).toBeInTheDocument();
    expect(within(status).queryByText('Subscriber')).toBeNull();
    const nextStep = await screen.findByRole('region', { name: 'Next step' });
    expect(nextStep).not.toHaveTextContent(/Subscribe/);
    expect(within(nextStep).getByRole('link', { name: /console/i })).toHaveAttribute(
      'href',
      '/members/admin',
    );
    // The members area's menu leads to the console first: on a phone it scrolls sideways.
    const nav = screen.getByRole('navigation', { name: 'Members area' });
    expect(within(nav).getAllByRole('link')[0]).toHaveTextContent('Console');
  });

  it('greets without an address when the member has no name yet', async () => {
    const routes = memberRoutes();
    const me = routes['GET /api/auth/me'] as { body: { user: Record<string, unknown> } };
    me.body.user = { ...me.body.user, name: null };
    await renderApp({ path: '/members/dashboard', routes });
    expect(await screen.findByText(/^Good (morning|afternoon|evening)\.$/)).toBeInTheDocument();
    expect(screen.queryByText(/ada@example\.com\.$/)).toBeNull();
  });
});
