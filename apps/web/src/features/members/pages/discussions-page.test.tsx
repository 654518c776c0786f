import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { comment, memberRoutes, NOW, preloadMembersArea, thread } from '../testing/fixtures';

beforeAll(preloadMembersArea, 30_000);

describe('discussions list', () => {
  it('lists general and post threads, and starts a new one', async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp({
      path: '/members/discussions',
      routes: memberRoutes('member', {
        'GET /api/discussions': {
          body: {
            success: true,
            threads: [
              thread(),
              thread({
                id: 6,
                kind: 'post',
                title: 'Small tools',
                post: { id: '12', kind: 'post', slug: 'small-tools', title: 'Small tools' },
                author: null,
                commentCount: 3,
              }),
            ],
          },
        },
        'POST /api/discussions': {
          status: 201,
          body: { success: true, thread: thread({ id: 9 }) },
        },
        'GET /api/discussions/threads/9': {
          body: { success: true, thread: thread({ id: 9 }), comments: [], commentsOpen: true },
        },
      }),
    });
    expect(await screen.findByRole('link', { name: 'Favourite notebooks' })).toHaveAttribute(
      'href',
      '/members/discussions/threads/5',
    );
    expect(screen.getByRole('link', { name: 'Small tools' })).toHaveAttribute(
      'href',
      '/members/discussions/posts/12',
    );
    expect(screen.getByText(/3 comments/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start a Discussion' }));
    await user.click(screen.getByRole('button', { name: 'Post Discussion' }));
    expect(screen.getByText('Please give the discussion a title.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Desk lamps');
    await user.type(screen.getByLabelText('What would you like to talk about?'), 'Warm or cold?');
    await user.click(screen.getByRole('button', { name: 'Post Discussion' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/members/discussions/threads/9'),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Desk lamps',
      body: 'Warm or cold?',
    });
  });
});

describe('a thread', () => {
  it('renders comment text as text with safe links, replies one level and reports', async () => {
    const user = userEvent.setup();
    const comments = [
      comment({
        body: 'See https://example.com/notes. <img src=x onerror=alert(1)>',
        replies: [
          comment({
            id: 2,
            parentId: 1,
            body: 'Agreed',
            mine: true,
            author: { id: 1, name: 'Ada Lovelace', avatarUrl: null, level: 'member' },
          }),
        ],
      }),
    ];
    const { calls } = await renderApp({
      path: '/members/discussions/posts/12',
      routes: memberRoutes('member', {
        'GET /api/discussions/posts/12': {
          body: {
            success: true,
            thread: thread({
              id: 6,
              kind: 'post',
              title: 'Small tools',
              post: { id: '12', kind: 'post', slug: 'small-tools', title: 'Small tools' },
            }),
            comments,
            commentsOpen: true,
          },
        },
        'POST /api/discussions/posts/12/comments': {
          status: 201,
          body: { success: true, comment: comment({ id: 3 }) },
        },
        'POST /api/discussions/comments/1/reports': {
          status: 201,
          body: { success: true, message: 'Thanks, a moderator will look at it.' },
        },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Small tools' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'https://example.com/notes' });
    expect(link).toHaveAttribute('rel', 'nofollow ugc noopener noreferrer');
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();

    const reply = screen.getByText('Agreed').closest('article')!;
    expect(within(reply).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(reply).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();

    const top = link.closest('article')!;
    await user.click(within(top).getByRole('button', { name: 'Reply' }));
    await user.type(within(top).getByLabelText('Reply to Grace'), 'Thanks!');
    await user.click(within(top).getByRole('button', { name: 'Reply' }));
    expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/comments'))?.body).toEqual({
      body: 'Thanks!',
      parentId: 1,
    });

    await user.click(within(top).getByRole('button', { name: 'Report' }));
    await user.type(within(top).getByLabelText(/What is wrong/), 'Spam');
    await user.click(within(top).getByRole('button', { name: 'Send Report' }));
    expect(await within(top).findByText(/A moderator will look/)).toBeInTheDocument();
  });

  it('lets a moderator answer, reject or block a reply from another server, and offers nothing that acts on comments', async () => {
    const user = userEvent.setup();
    const remote = comment({
      author: null,
      body: 'Lovely and useful.',
      remote: {
        source: 'fediverse',
        author: {
          name: 'Juno Park',
          handle: '@juno@elsewhere.example',
          url: 'https://elsewhere.example/@juno',
          avatarUrl: null,
        },
        url: 'https://elsewhere.example/@juno/1',
      },
    });
    const { calls } = await renderApp({
      path: '/members/discussions/posts/12',
      routes: memberRoutes('moderator', {
        'GET /api/discussions/posts/12': {
          body: {
            success: true,
            thread: thread({
              id: 6,
              kind: 'post',
              title: 'Small tools',
              post: { id: '12', kind: 'post', slug: 'small-tools', title: 'Small tools' },
            }),
            comments: [remote],
            commentsOpen: true,
          },
        },
        'POST /api/discussions/posts/12/comments': {
          status: 201,
          body: { success: true, comment: comment({ id: 3 }) },
        },
        'POST /api/admin/fediverse/replies/1/reject': {
          body: {
            id: 1,
            source: 'fediverse',
            status: 'rejected',
            post: { title: 'Small tools', path: '/posts/small-tools' },
            author: remote.remote!.author,
            text: 'Lovely and useful.',
            url: remote.remote!.url,
            receivedAt: NOW,
          },
        },
        'POST /api/admin/fediverse/blocks': {
          status: 201,
          body: { id: 4, kind: 'account', value: '@juno@elsewhere.example', createdAt: NOW },
        },
      }),
    });
    const article = (await screen.findByText('Lovely and useful.')).closest('article')!;
    expect(within(article).getByRole('link', { name: 'Juno Park' })).toBeInTheDocument();
    expect(within(article).getByText('@juno@elsewhere.example')).toBeInTheDocument();
    // Hide, Remove and Report act on members' comments by their ids: not on this one.
    for (const name of ['Hide', 'Remove', 'Report', 'Edit']) {
      expect(within(article).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    await user.click(within(article).getByRole('button', { name: 'Reply' }));
    await user.type(within(article).getByLabelText('Reply to Juno Park'), 'Thank you!');
    await user.click(within(article).getByRole('button', { name: 'Reply' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/comments'))?.body).toEqual({
        body: 'Thank you!',
        answersReplyId: 1,
      }),
    );

    // A moderator (the owner too) rejects it, or blocks its author, where it is read.
    await user.click(within(article).getByRole('button', { name: 'Block Account' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/admin/fediverse/blocks')?.body).toEqual({
        kind: 'account',
        value: '@juno@elsewhere.example',
      }),
    );
    await user.click(within(article).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/admin/fediverse/replies/1/reject')).toBe(true),
    );
  });

  it('shows placeholders for hidden comments and that comments are closed', async () => {
    await renderApp({
      path: '/members/discussions/threads/5',
      routes: memberRoutes('member', {
        'GET /api/discussions/threads/5': {
          body: {
            success: true,
            thread: thread(),
            comments: [
              comment({
                status: 'hidden',
                body: null,
                author: null,
                replies: [comment({ id: 2, parentId: 1, body: 'Please be kind' })],
              }),
            ],
            commentsOpen: false,
          },
        },
      }),
    });
    expect(await screen.findByText('This comment was hidden by a moderator.')).toBeInTheDocument();
    expect(screen.getByText('Please be kind')).toBeInTheDocument();
    expect(screen.getByText('Comments are closed for now.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a comment')).not.toBeInTheDocument();
  });

  it('edits and deletes the member’s own comment', async () => {
    const user = userEvent.setup();
    let body = 'First draft';
    const { calls } = await renderApp({
      path: '/members/discussions/threads/5',
      routes: memberRoutes('member', {
        'GET /api/discussions/threads/5': () => ({
          body: {
            success: true,
            thread: thread(),
            comments: [comment({ body, mine: true })],
            commentsOpen: true,
          },
        }),
        'PATCH /api/discussions/comments/1': (call) => {
          body = (call.body as { body: string }).body;
          return { body: { success: true, comment: comment({ body, mine: true }) } };
        },
        'DELETE /api/discussions/comments/1': { body: { success: true } },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const box = screen.getByLabelText('Edit your comment');
    await user.clear(box);
    await user.type(box, 'Second draft');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Second draft')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
