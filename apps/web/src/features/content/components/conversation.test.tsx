import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createFakeApi,
  renderPage,
  samplePost,
  SIGNED_OUT_ROUTES,
} from '../testing/fake-content-api';

const post = samplePost({ slug: 'small-tools', title: 'Small tools' });

const base = {
  threadId: 1,
  parentId: null,
  status: 'visible',
  createdAt: '2026-01-12T09:00:00.000Z',
  editedAt: null,
  mine: false,
  reportedByMe: false,
};

describe('the conversation under a post', () => {
  it('shows a reply from another server with its author, handle and a link to the original', async () => {
    const juno = {
      ...base,
      // The same number as the member comment below: a reply from elsewhere has ids of its own.
      id: 7,
      author: null,
      body: 'Lovely & useful.',
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
    };
    const answer = {
      ...base,
      id: 7,
      author: { id: 1, name: 'Rowan', avatarUrl: null, level: 'admin' },
      body: 'Thank you, Juno.',
    };
    const fake = createFakeApi({
      ...SIGNED_OUT_ROUTES,
      'GET /api/posts': { body: [post] },
      'GET /api/posts/small-tools': { body: post },
      'GET /api/posts/small-tools/comments': {
        body: {
          success: true,
          count: 2,
          commentsOpen: true,
          comments: [{ ...juno, replies: [answer] }],
        },
      },
    });
    await renderPage('/posts/small-tools', { api: fake.api });

    const section = await screen.findByRole('region', { name: '2 comments' });
    expect(within(section).getByRole('link', { name: 'Juno Park' })).toHaveAttribute(
      'href',
      'https://elsewhere.example/@juno',
    );
    expect(within(section).getByText('@juno@elsewhere.example')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'via the fediverse' })).toHaveAttribute(
      'href',
      'https://elsewhere.example/@juno/1',
    );
    // No picture served for them yet: their initial.
    expect(within(section).getByText('J')).toBeInTheDocument();
    expect(within(section).getByText('Lovely & useful.')).toBeInTheDocument();
    expect(within(section).getByText('Thank you, Juno.')).toBeInTheDocument();
    expect(within(section).queryByText('This comment is no longer shown.')).toBeNull();
  });
});
