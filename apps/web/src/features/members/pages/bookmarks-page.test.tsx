import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { bookmark, memberRoutes, preloadMembersArea } from '../testing/fixtures';

beforeAll(preloadMembersArea, 30_000);

describe('bookmarks', () => {
  it('lists bookmarks that open their post, and removes one', async () => {
    const user = userEvent.setup();
    let list = [bookmark(), bookmark({ postId: '13', slug: 'quiet-desk', title: 'A quiet desk' })];
    const { calls } = await renderApp({
      path: '/members/bookmarks',
      routes: memberRoutes('member', {
        'GET /api/members/bookmarks': () => ({ body: { success: true, bookmarks: list } }),
        'DELETE /api/members/bookmarks/12': () => {
          list = list.filter((item) => item.postId !== '12');
          return { body: { success: true, bookmarked: false } };
        },
      }),
    });
    expect(await screen.findByRole('link', { name: 'Small tools' })).toHaveAttribute(
      'href',
      '/posts/small-tools',
    );
    await user.click(screen.getByRole('button', { name: 'Remove “Small tools”' }));
    expect(
      await screen.findByText('Removed “Small tools” from your bookmarks.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    await screen.findByRole('link', { name: 'A quiet desk' });
    expect(screen.queryByRole('link', { name: 'Small tools' })).not.toBeInTheDocument();
  });

  it('explains how to bookmark when there is nothing yet', async () => {
    await renderApp({ path: '/members/bookmarks', routes: memberRoutes() });
    expect(await screen.findByText('No bookmarks yet.')).toBeInTheDocument();
  });

  it('offers Try again when the list fails to load', async () => {
    await renderApp({
      path: '/members/bookmarks',
      routes: memberRoutes('member', { 'GET /api/members/bookmarks': 'network-error' }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error occurred');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
