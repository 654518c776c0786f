import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MembershipProvider } from '../../../lib/membership/membership-context';
import { renderWithProviders } from '../../../test/render-app';
import { memberRoutes } from '../testing/fixtures';
import { BookmarkButton } from './bookmark-button';

function renderButton(routes = memberRoutes()) {
  return renderWithProviders(
    <MembershipProvider>
      <BookmarkButton postId="12" slug="small-tools" title="Small tools" />
    </MembershipProvider>,
    { routes },
  );
}

describe('BookmarkButton', () => {
  it('reads the bookmark state, toggles it and links the post discussion', async () => {
    const user = userEvent.setup();
    let bookmarked = false;
    const answer = () => ({ body: { success: true, bookmarked } });
    const { calls } = renderButton(
      memberRoutes('member', {
        'GET /api/members/bookmarks/12': answer,
        'PUT /api/members/bookmarks/12': () => {
          bookmarked = true;
          return answer();
        },
        'DELETE /api/members/bookmarks/12': () => {
          bookmarked = false;
          return answer();
        },
      }),
    );
    const button = await screen.findByRole('button', { name: 'Bookmark “Small tools”' });
    await vi.waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Bookmarked “Small tools”' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Bookmarked “Small tools”' }));
    expect(
      await screen.findByRole('button', { name: 'Bookmark “Small tools”' }),
    ).toBeInTheDocument();
    expect(calls.map((c) => c.method).filter((m) => m !== 'GET')).toEqual(['PUT', 'DELETE']);
    expect(screen.getByRole('link', { name: 'Discuss “Small tools”' })).toHaveAttribute(
      'href',
      '/members/discussions/posts/12',
    );
  });

  it('offers only the discussion link to a role without the bookmark permission', async () => {
    renderButton(memberRoutes('subscriber'));
    expect(await screen.findByRole('link', { name: 'Discuss “Small tools”' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Bookmark/ })).not.toBeInTheDocument();
  });
});
