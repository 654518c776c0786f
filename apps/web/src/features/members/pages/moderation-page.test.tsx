import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import {
  memberRoutes,
  NOW,
  person,
  preloadMembersArea,
  queueItem,
  remoteReply,
} from '../testing/fixtures';

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

  it('holds replies from other servers in the same queue, to approve, reject or block', async () => {
    const user = userEvent.setup();
    let held = [
      remoteReply(),
      remoteReply({
        id: 12,
        source: 'webmention',
        author: {
          name: 'A blog',
          handle: null,
          url: 'https://blog.example/',
          avatarUrl: null,
        },
        text: 'I wrote about this',
        url: 'https://blog.example/notes/1',
      }),
    ];
    const { calls } = await renderApp({
      path: '/members/moderation',
      routes: memberRoutes('moderator', {
        'GET /api/moderation/queue': { body: { success: true, items: [queueItem()] } },
        'GET /api/admin/fediverse/replies': () => ({ body: { items: held } }),
        'POST /api/admin/fediverse/replies/11/approve': () => {
          held = held.filter((reply) => reply.id !== 11);
          return { body: remoteReply({ status: 'approved' }) };
        },
        'POST /api/admin/fediverse/blocks': {
          status: 201,
          body: { id: 1, kind: 'account', value: '@juno@elsewhere.example', createdAt: NOW },
        },
      }),
    });
    // Waiting for the list itself: the queue's chunk and both calls may be slow on a busy machine.
    const juno = (await screen.findByText('Lovely post', {}, { timeout: 10_000 })).closest('li')!;
    expect(screen.getByText('You are all wrong')).toBeInTheDocument();
    expect(within(juno).getByRole('link', { name: 'via the fediverse' })).toBeInTheDocument();
    expect(within(juno).getByText('@juno@elsewhere.example')).toBeInTheDocument();
    expect(within(juno).getByRole('link', { name: 'Juno' })).toHaveAttribute(
      'href',
      'https://elsewhere.example/@juno',
    );
    expect(within(juno).getByRole('link', { name: 'Small tools' })).toHaveAttribute(
      'href',
      '/posts/small-tools',
    );
    const blog = screen.getByText('I wrote about this').closest('li')!;
    expect(within(blog).getByRole('link', { name: 'via Webmention' })).toBeInTheDocument();
    // A page's author has no account to block.
    expect(within(blog).queryByRole('button', { name: 'Block Account' })).toBeNull();
    expect(calls.find((c) => c.path === '/api/admin/fediverse/replies')?.query.get('status')).toBe(
      'held',
    );

    await user.click(within(juno).getByRole('button', { name: 'Block Account' }));
    expect(await within(juno).findByText(/Blocked @juno@elsewhere.example/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/fediverse/blocks')?.body).toEqual({
      kind: 'account',
      value: '@juno@elsewhere.example',
    });

    await user.click(within(juno).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByText('Lovely post')).toBeNull());
    expect(screen.getByText('I wrote about this')).toBeInTheDocument();
    expect(within(blog).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('says nothing is waiting when neither a report nor a reply is', async () => {
    await renderApp({
      path: '/members/moderation',
      routes: memberRoutes('moderator', {
        'GET /api/moderation/queue': { body: { success: true, items: [] } },
        'GET /api/admin/fediverse/replies': { body: { items: [] } },
      }),
    });
    expect(
      await screen.findByText(/Nothing is waiting/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
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
