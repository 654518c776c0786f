import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { memberRoutes, preloadMembersArea } from '../testing/fixtures';

const profile = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  avatarUrl: null,
  bio: '',
  website: null,
  showInDirectory: false,
  role: 'member',
  level: 'member',
  memberSince: '2025-01-01T00:00:00.000Z',
};

beforeAll(preloadMembersArea, 30_000);

describe('profile', () => {
  it('shows the profile with initials, hidden from the directory by default, and saves it', async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp({
      path: '/members/profile',
      routes: memberRoutes('member', {
        'GET /api/members/profile': { body: { success: true, profile } },
        'PUT /api/members/profile': (call) => ({
          body: { success: true, profile: { ...profile, ...(call.body as object) } },
        }),
      }),
    });
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Ada Lovelace');
    expect(screen.getByText('A', { selector: '.avatar--initial' })).toBeInTheDocument();
    const listed = screen.getByRole('checkbox', { name: /member directory/ });
    expect(listed).not.toBeChecked();

    await user.type(screen.getByLabelText('Short bio'), 'Notes on engines.');
    await user.type(screen.getByLabelText('Website'), 'https://ada.example');
    await user.click(listed);
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile updated.')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      name: 'Ada Lovelace',
      bio: 'Notes on engines.',
      website: 'https://ada.example',
      showInDirectory: true,
    });
  });

  it('checks the fields with the domain rules before sending', async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp({
      path: '/members/profile',
      routes: memberRoutes('member', {
        'GET /api/members/profile': { body: { success: true, profile } },
      }),
    });
    await user.type(await screen.findByLabelText('Website'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(
      await screen.findByText('Please enter a web address that starts with http:// or https://.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Website')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
