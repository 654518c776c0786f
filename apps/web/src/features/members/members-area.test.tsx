import { memberMenuItems } from '@quillpost/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_OUT } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { memberRoutes, preloadMembersArea } from './testing/fixtures';

const membersNav = () => screen.findByRole('navigation', { name: 'Members area' });

beforeAll(preloadMembersArea, 30_000);

describe('the members area', () => {
  it('sends a signed-out visitor to sign in, coming back to the same page', async () => {
    await renderApp({ path: '/members/bookmarks', routes: SIGNED_OUT });
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to your account' });
    expect(dialog).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Members area' })).not.toBeInTheDocument();
  });

  it('shows the active member menu items from the domain table, in order', async () => {
    await renderApp({ path: '/members/dashboard', routes: memberRoutes() });
    const nav = await membersNav();
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(labels).toEqual(memberMenuItems().map((item) => [item.label, item.path]));
    expect(labels.map(([label]) => label)).not.toContain('Courses');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('adds Moderation for moderators and the Console for admins only', async () => {
    const { unmount } = await renderApp({
      path: '/members/dashboard',
      routes: memberRoutes('moderator'),
    });
    let nav = await membersNav();
    expect(within(nav).getByRole('link', { name: 'Moderation' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Console' })).not.toBeInTheDocument();
    unmount();

    await renderApp({ path: '/members/dashboard', routes: memberRoutes('admin') });
    nav = await membersNav();
    expect(within(nav).getByRole('link', { name: 'Console' })).toBeInTheDocument();
  });

  it.each(['/members/courses', '/members/progress'])(
    'answers %s, an inactive menu entry, with the 404 page, not a stub',
    async (path) => {
      await renderApp({ path, routes: memberRoutes() });
      await waitFor(() =>
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/isn’t here/),
      );
      expect(screen.queryByText(/coming later/)).toBeNull();
    },
  );

  it('answers an unknown members path with the 404 page', async () => {
    await renderApp({ path: '/members/nope', routes: memberRoutes() });
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/isn’t here/),
    );
  });
});
