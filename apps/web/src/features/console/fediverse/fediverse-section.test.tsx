import { normalizeBlockValue, type FediverseBlockKind } from '@quillpost/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buttonLabels, titleCased } from '../../../test/button-casing';
import { renderApp } from '../../../test/render-app';
import { memberRoutes, preloadMembersArea } from '../../members/testing/fixtures';

beforeAll(preloadMembersArea, 30_000);

// jsdom draws no canvas; the dashboard's monthly figures are a table of their own.
vi.mock('../analytics/chart-canvas', () => ({ default: () => null }));

/** The console is a lazy chunk: on a busy machine its first render takes more than a second. */
const LAZY = { timeout: 15_000 };

const months = (last: number) =>
  Array.from({ length: 12 }, (_, index) => ({
    month: `2026-${String(index + 1).padStart(2, '0')}`,
    followers: index === 11 ? last : 0,
  }));

const overview = {
  success: true,
  handle: '@rowan@rowan.example',
  followers: 2,
  months: months(2),
};

const followers = {
  success: true,
  items: [
    {
      id: 2,
      handle: '@ada@social.example',
      name: 'Ada Reads',
      url: 'https://social.example/@ada',
      instance: 'social.example',
      followedAt: '2026-11-20T10:00:00.000Z',
    },
    {
      id: 1,
      handle: '@bo@tiny.example',
      name: 'Bo',
      url: 'https://tiny.example/@bo',
      instance: 'tiny.example',
      followedAt: '2026-10-02T10:00:00.000Z',
    },
  ],
  total: 2,
  page: 1,
  pageSize: 50,
};

const heldReply = {
  id: 7,
  source: 'fediverse',
  status: 'held',
  post: { title: 'Small tools', path: '/posts/small-tools' },
  author: {
    name: 'Cy',
    handle: '@cy@spam.example',
    url: 'https://spam.example/@cy',
    avatarUrl: null,
  },
  text: 'What a lovely post.\nThanks!',
  url: 'https://spam.example/@cy/1',
  receivedAt: '2026-11-27T09:30:00.000Z',
};

const deliveries = {
  success: true,
  items: [
    {
      post: { title: 'Small tools', path: '/posts/small-tools' },
      deliveredTo: 3,
      failures: [
        {
          server: 'down.example',
          error: 'HTTP 503: Service Unavailable',
          failedAt: '2026-11-27T10:00:00.000Z',
        },
      ],
    },
  ],
};

function fediverseRoutes() {
  let held = [heldReply];
  let blocks = [
    { id: 1, kind: 'domain', value: 'bad.example', createdAt: '2026-11-01T00:00:00.000Z' },
  ];
  return memberRoutes('admin', {
    'GET /api/admin/fediverse': { body: overview },
    'GET /api/admin/fediverse/followers': { body: followers },
    'GET /api/admin/fediverse/deliveries': { body: deliveries },
    'GET /api/admin/fediverse/replies': () => ({ body: { items: held } }),
    'POST /api/admin/fediverse/replies/7/approve': () => {
      held = [];
      return { body: { ...heldReply, status: 'approved' } };
    },
    'GET /api/admin/fediverse/blocks': () => ({ body: { items: blocks } }),
    'POST /api/admin/fediverse/blocks': (call) => {
      // As the API keeps it: the domain's one rule for what a block names.
      const { kind, value } = call.body as { kind: FediverseBlockKind; value: string };
      const block = {
        id: blocks.length + 1,
        kind,
        value: normalizeBlockValue(kind, value)!,
        createdAt: '2026-11-28T00:00:00.000Z',
      };
      blocks = [...blocks, block];
      return { body: block };
    },
    'DELETE /api/admin/fediverse/blocks/1': () => {
      blocks = blocks.filter((block) => block.id !== 1);
      return { body: { success: true } };
    },
  });
}

describe('Console → Fediverse', () => {
  it('shows the handle, followers, held replies, blocks and deliveries, in Title Case', async () => {
    await renderApp({ path: '/members/admin/fediverse', routes: fediverseRoutes() });
    expect(await screen.findByText('@rowan@rowan.example', {}, LAZY)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Change the handle in Console → Site' }),
    ).toHaveAttribute('href', '/members/admin/site');
    expect(screen.getByRole('link', { name: 'Fediverse' })).toHaveAttribute('aria-current', 'page');

    const table = await screen.findByRole('table');
    const ada = within(table).getByRole('link', { name: 'Ada Reads' }).closest('tr')!;
    expect(ada).toHaveTextContent('@ada@social.example');
    expect(ada).toHaveTextContent('social.example');
    expect(ada).toHaveTextContent('20 Nov 2026');

    const reply = (await screen.findByText(/What a lovely post/)).closest('li')!;
    expect(within(reply).getByRole('link', { name: 'Small tools' })).toHaveAttribute(
      'href',
      '/posts/small-tools',
    );
    expect(reply).toHaveTextContent('Cy @cy@spam.example');
    expect(within(reply).getByRole('link', { name: 'See the original' })).toHaveAttribute(
      'href',
      'https://spam.example/@cy/1',
    );

    const deliveredList = screen.getByRole('region', { name: 'Posts delivered' });
    expect(deliveredList).toHaveTextContent('Delivered to 3 servers · 1 failure, retried');
    expect(deliveredList).toHaveTextContent('down.example: HTTP 503: Service Unavailable');

    expect(await screen.findByText('bad.example')).toBeInTheDocument();
    const labels = buttonLabels(screen.getByRole('main'));
    expect(labels).toEqual(expect.arrayContaining(['Approve', 'Reject', 'Unblock']));
    expect(labels.filter((label) => !titleCased(label))).toEqual([]);
  });

  it('approves a held reply, blocks a follower and a domain, and unblocks', async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp({
      path: '/members/admin/fediverse',
      routes: fediverseRoutes(),
    });
    const reply = (await screen.findByText(/What a lovely post/, {}, LAZY)).closest('li')!;
    await user.click(within(reply).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('Approved the reply by Cy: it shows under “Small tools”.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/What a lovely post/)).not.toBeInTheDocument());
    expect(screen.getByText(/No replies waiting/)).toBeInTheDocument();

    const ada = screen.getByRole('link', { name: 'Ada Reads' }).closest('tr')!;
    await user.click(within(ada).getByRole('button', { name: 'Block Account' }));
    expect(await within(ada).findByText('Blocked @ada@social.example.')).toBeInTheDocument();
    const blocked = screen.getByRole('list', { name: 'Blocked' });
    expect(await within(blocked).findByText('@ada@social.example')).toBeInTheDocument();

    // The form checks with the API's own rule before it asks.
    const form = screen.getByRole('region', { name: 'Blocks' });
    await user.selectOptions(within(form).getByLabelText('Block'), 'domain');
    await user.type(within(form).getByLabelText('Domain (example.social)'), 'not a domain');
    await user.click(within(form).getByRole('button', { name: 'Block Domain' }));
    expect(
      await within(form).findByText('Enter a domain, such as example.social.'),
    ).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Domain (example.social)'));
    await user.type(
      within(form).getByLabelText('Domain (example.social)'),
      'https://Spam.Example/',
    );
    await user.click(within(form).getByRole('button', { name: 'Block Domain' }));
    expect(await within(blocked).findByText('spam.example')).toBeInTheDocument();

    const bad = within(blocked).getByText('bad.example').closest('li')!;
    await user.click(within(bad).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(within(blocked).queryByText('bad.example')).not.toBeInTheDocument());

    expect(
      calls
        .filter((call) => call.method !== 'GET')
        .map(({ method, path, body }) => ({ method, path, body })),
    ).toEqual([
      { method: 'POST', path: '/api/admin/fediverse/replies/7/approve', body: undefined },
      {
        method: 'POST',
        path: '/api/admin/fediverse/blocks',
        body: { kind: 'account', value: '@ada@social.example' },
      },
      {
        method: 'POST',
        path: '/api/admin/fediverse/blocks',
        body: { kind: 'domain', value: 'https://Spam.Example/' },
      },
      { method: 'DELETE', path: '/api/admin/fediverse/blocks/1', body: undefined },
    ]);
  });

  it('says when the server has the social web off', async () => {
    await renderApp({ path: '/members/admin/fediverse', routes: memberRoutes('admin') });
    expect(
      await screen.findByText(/The social web is off on this server/, {}, LAZY),
    ).toBeInTheDocument();
  });
});

describe('the dashboard', () => {
  it('shows fediverse followers beside subscribers, month by month', async () => {
    await renderApp({
      path: '/members/admin/analytics',
      routes: memberRoutes('admin', {
        'GET /api/admin/analytics': {
          body: {
            success: true,
            months: months(0).map(({ month }, index) => ({
              month,
              subscribers: index === 11 ? 5 : 1,
              members: 1,
            })),
            signupsBySource: [],
            membersByMethod: [],
            confirmation: { requested: 0, confirmed: 0, rate: null },
            totals: { subscribers: 5, activeSubscribers: 5, members: 1 },
          },
        },
        'GET /api/admin/fediverse': { body: overview },
      }),
    });
    const total = (await screen.findByText('Fediverse followers', { selector: 'dt' }, LAZY))
      .parentElement!;
    expect(total).toHaveTextContent('2');
    const chart = screen.getByRole('table', {
      name: "Subscribers, members and fediverse followers at each month's end",
    });
    const december = within(chart).getAllByRole('row').at(-1)!;
    expect(
      within(december)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', '1', '2']);
  });
});
