import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { memberRoutes, preloadMembersArea } from '../testing/fixtures';

beforeAll(preloadMembersArea, 30_000);

describe('member directory', () => {
  it('shows opted-in members with name, picture or initial and bio, and searches', async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp({
      path: '/members/members',
      routes: memberRoutes('member', {
        'GET /api/members/directory': (call) => ({
          body: {
            success: true,
            open: true,
            members: call.query.get('q')
              ? []
              : [
                  {
                    id: 4,
                    name: 'Grace Hopper',
                    avatarUrl: 'https://example.com/grace.png',
                    bio: 'Compilers.',
                    memberSince: '2025-01-01T00:00:00Z',
                  },
                  {
                    id: 5,
                    name: 'Alan',
                    avatarUrl: null,
                    bio: '',
                    memberSince: '2025-02-01T00:00:00Z',
                  },
                ],
          },
        }),
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('Compilers.')).toBeInTheDocument();
    expect(document.querySelector('img.avatar')).toHaveAttribute(
      'src',
      'https://example.com/grace.png',
    );
    expect(screen.getByText('A', { selector: '.avatar--initial' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search members'), 'zz');
    expect(await screen.findByText('Nobody matches that search.')).toBeInTheDocument();
    expect(calls.some((call) => call.query.get('q') === 'zz')).toBe(true);
  });

  it('says so when the owner has closed the directory', async () => {
    await renderApp({
      path: '/members/members',
      routes: memberRoutes('member', {
        'GET /api/members/directory': { body: { success: true, open: false, members: [] } },
      }),
    });
    expect(await screen.findByText('The member directory is closed for now.')).toBeInTheDocument();
  });
});
