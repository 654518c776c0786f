import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { memberRoutes, NOW, person, preloadMembersArea, queueItem } from '../testing/fixtures';

beforeAll(preloadMembersArea, 30_000);

describe('moderation', () => {
  it('shows reported comments with their reports, and hides one with a reason', async () => {
    const user = userEvent.setup();
    let items = [queueItem()];
    const { calls } = await renderApp({
      path: '/members/moderation',
      routes: memberRoutes('moderator', {
        'GET /api/moderation/queue': () => ({ body: { success: true, items } }),
        'POST /api/moderation/comments/1/hide': () => {
          items = [];
          return { body: { success: true } };
        },
      }),
    });
    expect(await screen.findByText('You are all wrong')).toBeInTheDocument();
    expect(screen.getByText('1 report')).toBeInTheDocument();
    expect(screen.getByText(/“Rude”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Small tools' })).toHaveAttribute(
      'href',
      '/posts/small-tools',
    );
    await user.type(screen.getByLabelText(/Reason/), 'Personal attack');
    await user.click(screen.getByRole('button', { name: 'Hide Comment' }));
    expect(await screen.findByText(/Nothing is waiting/)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/hide'))?.body).toEqual({
      reason: 'Personal attack',
    });
  });

  it('warns and bans the author only with a reason', async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp({
      path: '/members/moderation/queue',
      routes: memberRoutes('moderator', {
        'GET /api/moderation/queue': { body: { success: true, items: [queueItem()] } },
        'POST /api/moderation/users/7/ban': {
          body: {
            success: true,
            ban: { since: '2026-01-01T00:00:00Z', until: '2026-01-02T00:00:00Z', reason: 'spam' },
          },
        },
      }),
    });
    const ban = await screen.findByRole('button', { name: 'Ban Author' });
    expect(ban).toBeDisabled();
    await user.type(screen.getByLabelText(/Reason/), 'Cooling off');
    await user.selectOptions(screen.getByLabelText('Ban length'), '72');
    await user.click(ban);
    expect(await screen.findByText('Grace is banned for 3 days.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/ban'))?.body).toEqual({
      hours: 72,
      reason: 'Cooling off',
    });
  });

  it('shows the log of who did what and when, filterable by action', async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp({
      path: '/members/moderation/log',
      routes: memberRoutes('moderator', {
        'GET /api/moderation/log': {
          body: {
            success: true,
            items: [
              {
                id: 1,
                action: 'comment.hide',
                actor: person(2, 'Mo'),
                targetUser: person(7, 'Grace'),
                summary: 'Hid a comment in “Small tools”',
                reason: 'Personal attack',
                createdAt: NOW,
              },
            ],
            total: 1,
            page: 1,
            pageSize: 25,
          },
        },
      }),
    });
    const entry = (await screen.findByText(/Hid a comment in “Small tools”/)).closest('li')!;
    expect(within(entry).getByText('Mo')).toBeInTheDocument();
    expect(within(entry).getByText('Grace')).toBeInTheDocument();
    expect(within(entry).getByText('Reason: Personal attack')).toBeInTheDocument();
    expect(within(entry).getByText('10 Jan 2026, 09:00')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'user.ban');
    await waitFor(() => expect(calls.some((c) => c.query.get('action') === 'user.ban')).toBe(true));
  });

  it('switches between queue and log and back (absolute tab links)', async () => {
    const user = userEvent.setup();
    await renderApp({
      path: '/members/moderation',
      routes: memberRoutes('moderator', {
        'GET /api/moderation/queue': { body: { success: true, items: [] } },
        'GET /api/moderation/log': {
          body: { success: true, items: [], total: 0, page: 1, pageSize: 25 },
        },
      }),
    });
    const location = () => screen.getByTestId('location');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/members\/moderation\/queue$/));
    await user.click(await screen.findByRole('link', { name: 'Log' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/members\/moderation\/log$/));
    await user.click(screen.getByRole('link', { name: 'Queue' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/members\/moderation\/queue$/));
  });
});
