import { MESSAGES, type Comment } from '@quillpost/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../lib/api-client';
import { MembershipProvider } from '../../../lib/membership/membership-context';
import type { FakeRoute } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render-app';
import { comment, memberRoutes, remoteReply } from '../testing/fixtures';
import { CommentItem } from './comment-item';

const fromAfar = (over: Partial<Comment> = {}): Comment =>
  comment({
    id: 11,
    author: null,
    body: 'Lovely post',
    remote: {
      source: 'fediverse',
      author: remoteReply().author,
      url: 'https://elsewhere.example/@juno/1',
    },
    ...over,
  });

function renderComment(
  shown: Comment,
  role: 'member' | 'moderator' | 'admin',
  routes: Record<string, FakeRoute> = {},
  onReply?: (body: string, answered: Comment) => Promise<ApiResult<unknown>>,
) {
  const onChanged = vi.fn();
  const rendered = renderWithProviders(
    <MembershipProvider>
      <CommentItem comment={shown} canReply onReply={onReply} onChanged={onChanged} />
    </MembershipProvider>,
    { routes: memberRoutes(role, routes) },
  );
  return { ...rendered, onChanged, user: userEvent.setup() };
}

const article = () => screen.getByRole('article');

describe('a comment', () => {
  it('says a hidden or deleted comment is gone, with nothing to do with it', () => {
    renderComment(comment({ body: null, status: 'hidden' }), 'moderator');
    expect(article()).toHaveTextContent('This comment was hidden by a moderator.');
    expect(within(article()).queryByRole('button')).toBeNull();
  });

  it('lets a member edit their own, keeping the form open on a refusal', async () => {
    let refuse = true;
    const { user, calls, onChanged } = renderComment(comment({ mine: true }), 'member', {
      'PATCH /api/discussions/comments/1': () =>
        refuse
          ? { status: 409, body: { success: false, code: 'COMMENT_NOT_EDITABLE', message: 'x' } }
          : { body: { success: true, comment: comment({ body: 'Hello again', mine: true }) } },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const box = screen.getByLabelText('Edit your comment');
    expect(box).toHaveValue('Hello there');
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(MESSAGES.COMMENT_REQUIRED)).toBeInTheDocument();
    await user.type(box, 'Hello again');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.COMMENT_NOT_EDITABLE)).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByLabelText('Edit your comment')).toBeNull());
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { body: 'Hello again' },
      { body: 'Hello again' },
    ]);
  });

  it('tells a member why their own comment could not be deleted', async () => {
    const { user } = renderComment(comment({ mine: true }), 'member', {
      'DELETE /api/discussions/comments/1': {
        status: 500,
        body: { success: false, code: 'INTERNAL_ERROR', message: 'x' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.INTERNAL_ERROR)).toBeInTheDocument();
  });

  it("lets a member report someone else's, with a reason, and thanks them", async () => {
    const { user, calls, onChanged } = renderComment(comment(), 'member', {
      'POST /api/discussions/comments/1/reports': {
        body: { success: true, message: MESSAGES.COMMENT_REPORTED },
      },
    });
    await screen.findByRole('button', { name: 'Report' });
    expect(within(article()).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(article()).queryByRole('button', { name: 'Hide' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    await user.type(screen.getByLabelText('What is wrong with this comment? (optional)'), 'Rude');
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    expect(await screen.findByText(MESSAGES.COMMENT_REPORTED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Report' })).toBeNull();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Rude' });
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('shows "Reported" instead of Report once a member has reported it', async () => {
    renderComment(comment({ reportedByMe: true }), 'member');
    expect(await within(article()).findByText('Reported')).toBeInTheDocument();
    expect(within(article()).queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('closes the reply form once the reply is sent', async () => {
    const onReply = vi.fn(async (): Promise<ApiResult<unknown>> => ({
      ok: true,
      status: 201,
      data: null,
    }));
    const { user } = renderComment(comment(), 'member', {}, onReply);
    await user.click(await screen.findByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Reply to Grace'), 'Agreed');
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(screen.queryByLabelText('Reply to Grace')).toBeNull());
    expect(onReply).toHaveBeenCalledWith('Agreed', expect.objectContaining({ id: 1 }));
  });

  it('lets a moderator hide it for a reason, and show a hidden one again', async () => {
    const { user, calls, onChanged } = renderComment(comment(), 'moderator', {
      'POST /api/moderation/comments/1/hide': { body: { success: true } },
    });
    await user.click(await screen.findByRole('button', { name: 'Hide' }));
    expect(within(article()).queryByRole('button', { name: 'Report' })).toBeNull();
    const reason = screen.getByLabelText('Why hide it? (kept in the moderation log)');
    expect(reason).toBeRequired();
    await user.type(reason, 'Off topic');
    await user.click(screen.getByRole('button', { name: 'Hide Comment' }));
    expect(await screen.findByText('Hidden.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Off topic' });
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('offers a moderator Show Again on a hidden comment, and nothing else', async () => {
    const { user, calls } = renderComment(comment({ status: 'hidden' }), 'moderator', {
      'POST /api/moderation/comments/1/unhide': { body: { success: true } },
    });
    await user.click(await screen.findByRole('button', { name: 'Show Again' }));
    expect(await screen.findByText('Shown again.')).toBeInTheDocument();
    expect(within(article()).getAllByRole('button')).toHaveLength(1);
    expect(calls.some((call) => call.path === '/api/moderation/comments/1/unhide')).toBe(true);
  });

  it('lets the owner reject a reply from another server and block its author', async () => {
    const { user, calls } = renderComment(fromAfar(), 'admin', {
      'POST /api/admin/fediverse/replies/11/reject': {
        body: remoteReply({ status: 'rejected' }),
      },
      'POST /api/admin/fediverse/blocks': {
        body: {
          id: 1,
          kind: 'account',
          value: '@juno@elsewhere.example',
          createdAt: '2026-01-10T09:00:00.000Z',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Rejected.')).toBeInTheDocument();
    expect(within(article()).queryByRole('button', { name: 'Hide' })).toBeNull();
    expect(within(article()).queryByRole('button', { name: 'Edit' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Block Account' }));
    expect(
      await screen.findByText('Blocked: their replies are gone, and nothing more comes from them.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/admin/fediverse/blocks')?.body).toEqual({
      kind: 'account',
      value: '@juno@elsewhere.example',
    });
  });
});
