import { DEFAULT_SITE_SETTINGS, MESSAGES } from '@quillpost/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buttonLabels, titleCased } from '../../test/button-casing';
import { captureDownloads } from '../../test/downloads';
import { SITE } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import {
  adminUser,
  event,
  memberRoutes,
  preloadMembersArea,
  siteWith,
} from '../members/testing/fixtures';
import { issueResults } from '../newsletter/testing/fixtures';
import { counts, trafficReport } from './testing/fixtures';

beforeAll(preloadMembersArea, 30_000);

// jsdom draws no canvas: the chart's figures are checked in its table here, and the chart itself
// in Chromium (tests/e2e/analytics.test.ts).
vi.mock('./analytics/chart-canvas', () => ({ default: () => null }));

const page = (items: unknown[]) => ({
  success: true,
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
});

describe('the console', () => {
  it('is not offered to moderators', async () => {
    await renderApp({ path: '/members/admin', routes: memberRoutes('moderator') });
    expect(
      await screen.findByText('You do not have permission to use the console.'),
    ).toBeInTheDocument();
  });

  it('opens on the owner’s writing, and moves between sections with absolute links', async () => {
    const user = userEvent.setup();
    await renderApp({
      path: '/members/admin',
      routes: memberRoutes('admin', {
        'GET /api/admin/writing': { body: { success: true, items: [] } },
        'GET /api/admin/users': { body: page([]) },
        'GET /api/admin/settings': {
          body: {
            success: true,
            settings: DEFAULT_SITE_SETTINGS,
          },
        },
      }),
    });
    const location = () => screen.getByTestId('location');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/members\/admin\/writing$/));
    expect(await screen.findByText('Nothing written yet.')).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/members\/admin\/settings$/));
    await user.click(screen.getByRole('link', { name: 'Users' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/members\/admin\/users$/));
  });

  it('lists users, searches them and assigns a role', async () => {
    const user = userEvent.setup();
    let grace = adminUser();
    const { calls } = await renderApp({
      path: '/members/admin/users',
      routes: memberRoutes('admin', {
        'GET /api/admin/users': () => ({ body: page([grace]) }),
        'PUT /api/admin/users/9/role': (call) => {
          grace = { ...grace, role: (call.body as { role: string }).role, level: 'moderator' };
          return { body: { success: true, user: grace } };
        },
      }),
    });
    const row = (await screen.findByText('Grace Hopper')).closest('li')!;
    expect(row).toHaveTextContent('Joined 10 Jan 2026 · last sign-in 10 Jan 2026, 09:00');
    await user.selectOptions(within(row).getByLabelText('Role'), 'moderator');
    expect(await within(row).findByText('Grace Hopper is now Moderator.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ role: 'moderator' });
    await user.type(screen.getByLabelText('Search by name or email'), 'gra');
    await waitFor(() => expect(calls.some((c) => c.query.get('q') === 'gra')).toBe(true));
  });

  it('filters subscribers, links the CSV export and imports a file', async () => {
    const user = userEvent.setup();
    const subscribers = {
      ...page([
        {
          id: 1,
          email: 'reader@example.com',
          name: 'Reader',
          status: 'pending',
          verified: false,
          subscribedAt: '2026-01-01T00:00:00Z',
          verifiedAt: null,
          unsubscribedAt: null,
          bouncedAt: null,
        },
      ]),
      counts: { pending: 1, active: 4, unsubscribed: 2, bounced: 1 },
    };
    const { calls } = await renderApp({
      path: '/members/admin/subscribers',
      routes: memberRoutes('admin', {
        'GET /api/admin/subscribers': { body: subscribers },
        'POST /api/admin/subscribers/import': {
          body: {
            success: true,
            imported: 1,
            confirmationsQueued: 2,
            skippedExisting: 0,
            invalid: [
              { line: 4, code: 'EMAIL_INVALID', message: 'Please enter a valid email address' },
            ],
          },
        },
      }),
    });
    expect(await screen.findByText('reader@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Pending/ }));
    await waitFor(() => expect(calls.some((c) => c.query.get('status') === 'pending')).toBe(true));
    expect(screen.getByRole('link', { name: 'Export pending as CSV' })).toHaveAttribute(
      'href',
      '/api/admin/subscribers/export?status=pending',
    );
    const file = new File(['email,consent\na@example.com,yes\n'], 'list.csv', { type: 'text/csv' });
    await user.click(screen.getByText('Import from CSV'));
    await user.upload(screen.getByLabelText('Choose a CSV file'), file);
    expect(await screen.findByText(/1 added as active, 2 asked to confirm/)).toBeInTheDocument();
    expect(screen.getByText('Line 4: Please enter a valid email address')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      csv: 'email,consent\na@example.com,yes\n',
    });
  });

  it('opens a subscriber: sections, where they started, consent history, and a logged unsubscribe', async () => {
    const user = userEvent.setup();
    const ada = {
      id: 7,
      email: 'ada@example.com',
      name: 'Ada',
      status: 'active',
      verified: true,
      subscribedAt: '2026-01-01T09:00:00Z',
      verifiedAt: '2026-01-01T09:05:00Z',
      unsubscribedAt: null,
      bouncedAt: null,
      bounceReason: null,
    };
    const consents = [
      {
        action: 'subscribe',
        source: 'post',
        consentText: 'Send me the newsletter.',
        recordedAt: '2026-01-01T09:00:00Z',
        addressKept: true,
      },
      {
        action: 'confirm',
        source: 'confirmation-email',
        consentText: 'Confirmed',
        recordedAt: '2026-01-01T09:05:00Z',
        addressKept: true,
      },
    ];
    const detail = {
      success: true,
      subscriber: {
        ...ada,
        preferences: { build: true, learn: false, write: true, journal: false, poetry: false },
        startPath: '/posts/tiny-tools',
        wantsAccount: false,
      },
      consents,
    };
    const withdrawn = {
      action: 'withdraw',
      source: 'console',
      consentText: 'Unsubscribed in the console by Rowan',
      recordedAt: '2026-02-01T10:00:00Z',
      addressKept: false,
    };
    const { calls } = await renderApp({
      path: '/members/admin/subscribers',
      routes: memberRoutes('admin', {
        'GET /api/admin/subscribers': {
          body: { ...page([ada]), counts: { pending: 0, active: 1, unsubscribed: 0, bounced: 0 } },
        },
        'GET /api/admin/subscribers/7': { body: detail },
        'POST /api/admin/subscribers/7/unsubscribe': {
          body: {
            ...detail,
            subscriber: { ...detail.subscriber, status: 'unsubscribed' },
            consents: [...consents, withdrawn],
          },
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'ada@example.com' }));
    const panel = await screen.findByRole('dialog', { name: 'ada@example.com' });
    expect(await within(panel).findByText('/posts/tiny-tools')).toBeInTheDocument();
    expect(
      within(panel).getByText('Build: projects and tools, Write: essays and posts'),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText('The subscribe form (post)', { exact: false }),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Send me the newsletter.')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Unsubscribe…' }));
    await user.click(within(panel).getByRole('button', { name: 'Unsubscribe ada@example.com' }));
    expect(
      await within(panel).findByText('Unsubscribed in the console by Rowan'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Unsubscribe…' })).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/7/unsubscribe'))).toBe(true);
  });

  it('shows analytics: totals, months, sources and the confirmation rate, each table as a CSV', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    await renderApp({
      path: '/members/admin/analytics',
      routes: memberRoutes('admin', {
        ...siteWith({ language: 'pt-BR' }),
        'GET /api/admin/analytics': {
          body: {
            success: true,
            months: [{ month: '2026-01', subscribers: 3, members: 1 }],
            signupsBySource: [
              { source: 'subscribe-form@/', count: 3 },
              { source: 'subscribe-form@/posts/tiny-tools', count: 1 },
            ],
            membersByMethod: [{ method: 'email', count: 1 }],
            confirmation: { requested: 4, confirmed: 3, rate: 0.75 },
            totals: { subscribers: 3, activeSubscribers: 2, members: 1 },
          },
        },
      }),
    });
    expect(await screen.findByText('75%')).toBeInTheDocument();
    expect(screen.getByText('3 of 4 confirmed')).toBeInTheDocument();
    // Where readers signed up, as the owner would say it.
    expect(screen.getByRole('rowheader', { name: 'Subscribe form on Home' })).toBeInTheDocument();
    expect(
      screen.getByRole('rowheader', { name: 'Subscribe form on /posts/tiny-tools' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /each month's end/ })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'jan.' })).toBeInTheDocument();

    for (const table of [
      'subscribers and members by month',
      'sign-ups by source',
      'members by sign-in method',
    ]) {
      await user.click(screen.getByRole('button', { name: `CSV of ${table}` }));
    }
    expect(downloads.map((file) => file.name)).toEqual([
      'subscribers-and-members_by-month.csv',
      'signups-by-source.csv',
      'members-by-sign-in-method.csv',
    ]);
    expect(await Promise.all(downloads.map((file) => file.text))).toEqual([
      'Month,Subscribers,Members\r\n2026-01,3,1\r\n',
      'Source,Sign-ups\r\nSubscribe form on Home,3\r\nSubscribe form on /posts/tiny-tools,1\r\n',
      'Method,Members\r\nemail,1\r\n',
    ]);
  });

  it('shows readers in a range: totals against the range before, tables, a page of its own', async () => {
    const user = userEvent.setup();
    const report = (path?: string) =>
      trafficReport({
        ...counts(path ? 9 : 30, path ? 6 : 12),
        previous: counts(20, 8),
        series: [{ period: '2026-01-01', ...counts(30, 12) }],
        pages: [
          { path: '/posts/tiny-tools', title: null, ...counts(9, 6) },
          { path: '/', title: null, ...counts(21, 10) },
        ],
        sources: [
          { source: 'news.ycombinator.com', ...counts(7, 5) },
          { source: '', ...counts(2, 1) },
        ],
        campaigns: {
          source: [{ value: 'mastodon', ...counts(3, 2) }],
          medium: [],
          campaign: [{ value: 'spring-launch_2026', ...counts(1, 1) }],
        },
        devices: [{ device: 'phone', ...counts(20, 9) }],
        browsers: [{ browser: 'Safari', ...counts(20, 9) }],
        systems: [{ os: 'iOS', ...counts(20, 9) }],
        feeds: [{ reader: 'Feedly', subscribers: 42, fetches: 24 }],
        signups: [{ path: '/posts/tiny-tools', title: null, subscribers: 3, members: 1 }],
      });
    const { calls } = await renderApp({
      path: '/members/admin/analytics?range=7d',
      routes: memberRoutes('admin', {
        'GET /api/admin/analytics/traffic': (call) => ({
          body: report(call.query.get('path') ?? undefined),
        }),
        'GET /api/admin/analytics/issue': { body: { success: true, issue: null } },
      }),
    });
    const visitors = (await screen.findByText('Visitors', { selector: 'dt' })).parentElement!;
    expect(within(visitors).getByText('12')).toBeInTheDocument();
    expect(within(visitors).getByText('+50% on the range before')).toBeInTheDocument();
    expect(screen.getByText('2.5')).toBeInTheDocument(); // views per visit
    const traffic = calls.find((c) => c.path === '/api/admin/analytics/traffic')!;
    expect(traffic.query.get('from')! < traffic.query.get('to')!).toBe(true);
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getByRole('rowheader', { name: 'Direct, an app or a bookmark' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'utm_source=mastodon' })).toBeInTheDocument();
    // A long tag may wrap between its words (after = _ -), never inside one.
    const campaign = screen.getByRole('rowheader', { name: 'utm_campaign=spring-launch_2026' });
    expect(campaign.querySelectorAll('wbr')).toHaveLength(4);
    expect(screen.getByRole('rowheader', { name: 'Feedly' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV of pages' })).toBeInTheDocument();
    // The chart's figures, as a table for anyone who cannot see it.
    expect(screen.getByText('The figures as a table')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '24 hours' }));
    await waitFor(() =>
      expect(calls.some((c) => /T\d{2}$/.test(c.query.get('from') ?? ''))).toBe(true),
    );
    await user.click(
      within(screen.getByRole('region', { name: 'Pages' })).getByRole('link', {
        name: '/posts/tiny-tools',
      }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Readers of /posts/tiny-tools' }),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.query.get('path') === '/posts/tiny-tools')).toBe(true);
    expect(await screen.findByText('3 subscribed, 1 joined from here')).toBeInTheDocument();
  });

  it("shows a page's newsletter issue with its results, and every table of the page as a CSV", async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    const { calls } = await renderApp({
      path: '/members/admin/analytics?from=2026-01-01&to=2026-01-02&page=/posts/tiny-tools',
      routes: memberRoutes('admin', {
        'GET /api/admin/analytics/traffic': {
          body: trafficReport({
            ...counts(9, 6),
            series: [{ period: '2026-01-02', ...counts(9, 6) }],
            pages: [{ path: '/posts/tiny-tools', title: null, ...counts(9, 6) }],
            sources: [{ source: 'news.ycombinator.com', ...counts(9, 6) }],
          }),
        },
        'GET /api/admin/analytics/issue': {
          body: {
            success: true,
            issue: {
              id: 7,
              subject: 'Why I keep a folder of tiny tools',
              startedAt: '2026-01-02T09:00:00.000Z',
              results: issueResults(),
            },
          },
        },
      }),
    });
    const sent = await screen.findByRole('region', { name: 'Sent as a newsletter' });
    expect(
      within(sent).getByText(/“Why I keep a folder of tiny tools” went out/),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/analytics/issue')?.query.get('path')).toBe(
      '/posts/tiny-tools',
    );
    for (const [figure, count] of [
      ['Recipients', '180'],
      ['Delivered', '177'],
      ['Bounced', '3'],
      ['Complaints', '1'],
      ['Unsubscribes', '4'],
    ]) {
      expect(within(sent).getByRole('row', { name: `${figure} ${count}` })).toBeInTheDocument();
    }
    expect(
      within(sent).getByRole('link', { name: 'The issue in the newsletter console' }),
    ).toHaveAttribute('href', '/members/admin/newsletter?issue=7');
    const clicks = screen.getByRole('region', { name: 'Clicks in the newsletter' });
    expect(
      within(clicks).getByRole('row', { name: 'https://rowan.example/posts/tiny-tools 31' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'CSV of views and visitors over time' }));
    await user.click(screen.getByRole('button', { name: 'CSV of clicks in the newsletter' }));
    expect(downloads.map((file) => file.name)).toEqual([
      'over-time_posts-tiny-tools_2026-01-01_2026-01-02.csv',
      'newsletter-clicks_posts-tiny-tools_2026-01-01_2026-01-02.csv',
    ]);
    expect(await downloads[0]!.text).toBe(
      'Period,Visitors,Views\r\n2026-01-01,0,0\r\n2026-01-02,6,9\r\n',
    );
    expect(await downloads[1]!.text).toBe(
      'Link,Clicks\r\nhttps://rowan.example/posts/tiny-tools,31\r\nhttps://github.com/rowan/tools,9\r\n',
    );
  });

  it('saves site settings', async () => {
    const user = userEvent.setup();
    const settings = DEFAULT_SITE_SETTINGS;
    const { calls } = await renderApp({
      path: '/members/admin/settings',
      routes: memberRoutes('admin', {
        'GET /api/admin/settings': { body: { success: true, settings } },
        'PUT /api/admin/settings': (call) => ({
          body: { success: true, settings: { ...settings, ...(call.body as object) } },
        }),
      }),
    });
    await user.click(await screen.findByRole('checkbox', { name: /post comments/ }));
    await user.type(screen.getByLabelText('Dashboard announcement'), 'Hello');
    await user.click(screen.getByRole('checkbox', { name: /daily digest of new comments/ }));
    await user.click(screen.getByRole('checkbox', { name: /Count clicks on links/ }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    // The console's buttons are Title Case, as the rest of the site's are.
    const main = screen.getByRole('main');
    expect(buttonLabels(main).filter((label) => !titleCased(label))).toEqual([]);
    // The profiles live in site.yml (Console → Site): not sent with the settings.
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      commentsOpen: false,
      directoryOpen: true,
      announcement: 'Hello',
      ownerDigest: false,
      newsletterClickCounting: false,
    });
  });

  it('checks an export before importing it, and offers everything as a download', async () => {
    const user = userEvent.setup();
    const report = (dryRun: boolean) => ({
      success: true,
      report: {
        source: 'substack',
        dryRun,
        at: '2026-11-26T10:00:00.000Z',
        created: {
          posts: 2,
          drafts: 1,
          pages: 0,
          subscribers: 3,
          unsubscribed: 1,
          bounced: 0,
          members: 0,
          files: 0,
          images: 1,
        },
        kept: [],
        refused: [{ where: 'posts.csv line 5', message: 'A podcast, not a post: left out.' }],
        remoteImages: [],
        reportFile: dryRun ? null : '2026-11-26T10-00-00-000Z.json',
      },
    });
    const { calls } = await renderApp({
      path: '/members/admin/moving',
      routes: memberRoutes('admin', {
        'POST /api/admin/import': (call) => ({
          body: report(call.query.get('dryRun') === 'true'),
        }),
      }),
    });
    const section = within(await screen.findByRole('region', { name: 'Import' }));
    expect(section.getByRole('button', { name: 'Import' })).toBeDisabled();
    const file = new File(['zip'], 'substack-export.zip', { type: 'application/zip' });
    await user.upload(section.getByLabelText('Export file'), file);
    await user.click(section.getByRole('button', { name: 'Check the File' }));
    expect(
      await section.findByText(
        'This would import 2 posts, 1 draft, 1 image, 3 active subscribers, 1 unsubscribed.',
      ),
    ).toBeInTheDocument();
    await user.click(section.getByText('Not imported (1)'));
    expect(section.getByText('A podcast, not a post: left out.')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Import' }));
    expect(await section.findByText(/^Imported 2 posts.*Nobody was mailed\.$/)).toBeInTheDocument();
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted.map((c) => c.query.get('dryRun'))).toEqual(['true', 'false']);
    expect(posted[0]!.query.get('name')).toBe('substack-export.zip');
    expect(section.getByRole('link', { name: 'Download Everything' })).toHaveAttribute(
      'href',
      '/api/admin/export',
    );
  });

  it('edits who the site is, checked as the file is, and the frame follows the save', async () => {
    const user = userEvent.setup();
    let site = SITE;
    const file = {
      title: 'Rowan Ellis',
      tagline: 'Notes on building, learning and writing',
      description: 'Rowan Ellis writes.',
      language: 'en-GB',
      timezone: 'UTC',
      owner: { name: 'Rowan Ellis', bio: '' },
      intro: '# Hello',
      accent: '#8c3a1f',
      social: Object.fromEntries(SITE.socialProfiles.map(({ network, url }) => [network, url])),
      newsletter: {},
    };
    const { calls } = await renderApp({
      path: '/members/admin/site',
      routes: memberRoutes('admin', {
        'GET /api/site': () => ({ body: site }),
        'GET /api/admin/site': { body: { success: true, site: file } },
        'PUT /api/admin/site': (call) => {
          const saved = call.body as typeof file & { social: Record<string, string> };
          site = {
            ...SITE,
            title: saved.title,
            socialProfiles: SITE.socialProfiles.filter((p) => p.network in saved.social),
          };
          return { body: { success: true, message: MESSAGES.SITE_UPDATED, site: saved } };
        },
      }),
    });
    const title = await screen.findByRole('textbox', { name: 'Site title' });
    expect(title).toHaveValue('Rowan Ellis');
    for (const label of [
      'Tagline',
      'Description',
      'Language',
      'Your name',
      'Bio',
      'Introduction',
    ]) {
      expect(screen.getByRole('textbox', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('UTC');
    expect(screen.getByLabelText('Accent colour')).toHaveValue('#8c3a1f');
    expect(screen.getByRole('textbox', { name: 'GitHub' })).toHaveValue('https://github.com/rowan');

    // Checked before it is sent, in the schema's words.
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(title, 'Rowan Ellis Writes');
    await user.clear(screen.getByRole('textbox', { name: 'X (Twitter)' }));
    await user.type(screen.getByRole('textbox', { name: 'Newsletter name' }), 'Letters');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.SITE_UPDATED)).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'PUT')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ title: 'Rowan Ellis Writes', newsletter: { name: 'Letters' } });
    expect(sent.social).toEqual({
      github: 'https://github.com/rowan',
      linkedin: 'https://www.linkedin.com/in/rowan',
      instagram: 'https://www.instagram.com/rowan',
    });
    // The header and footer read the site again.
    const header = within(document.querySelector<HTMLElement>('header.site-header')!);
    expect(await header.findByText('Rowan Ellis Writes')).toBeInTheDocument();
    const footer = within(document.querySelector<HTMLElement>('footer.site-footer')!);
    await waitFor(() => expect(footer.queryByRole('link', { name: 'X (Twitter)' })).toBeNull());
  });

  it('edits the fediverse handle, checked as the file is', async () => {
    const user = userEvent.setup();
    const file = {
      title: 'Rowan Ellis',
      tagline: '',
      description: '',
      language: 'en-GB',
      timezone: 'UTC',
      owner: { name: 'Rowan Ellis', bio: '' },
      intro: '',
      accent: '#8c3a1f',
      social: {},
      newsletter: {},
      fediverse: {},
    };
    const { calls } = await renderApp({
      path: '/members/admin/site',
      routes: memberRoutes('admin', {
        'GET /api/admin/site': { body: { success: true, site: file } },
        'PUT /api/admin/site': (call) => ({
          body: { success: true, message: MESSAGES.SITE_UPDATED, site: call.body },
        }),
      }),
    });
    const handle = await screen.findByRole('textbox', { name: 'Fediverse handle' });
    // Until the owner picks one, the handle is made of their name.
    expect(handle).toHaveValue('');
    expect(handle).toHaveAttribute('placeholder', 'rowanellis');

    await user.type(handle, 'rowan.ellis');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('must be letters, digits or _, 30 at most')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(handle);
    await user.type(handle, 'rowan');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.SITE_UPDATED)).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'PUT')?.body as Record<string, unknown>;
    expect(sent.fediverse).toEqual({ handle: 'rowan' });
  });

  it('syncs the content folder on demand and says what changed and what it skipped', async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp({
      path: '/members/admin/settings',
      routes: memberRoutes('admin', {
        'GET /api/admin/settings': {
          body: {
            success: true,
            settings: DEFAULT_SITE_SETTINGS,
          },
        },
        'POST /api/admin/content/sync': {
          body: {
            success: true,
            added: ['posts/new.md'],
            updated: [],
            removed: [],
            unchanged: 39,
            errors: [{ file: 'posts/broken.md', line: 2, message: 'bad YAML' }],
          },
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sync Content' }));
    expect(
      await screen.findByText('Content synced: 1 new file, 0 changed files, 0 removed files.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Skipped files' })).toHaveTextContent(
      'posts/broken.md:2 bad YAML',
    );
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/content/sync'),
    ).toHaveLength(1);
  });

  it('creates an event in a time zone', async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp({
      path: '/members/admin/events',
      routes: memberRoutes('admin', {
        'GET /api/admin/events': { body: { success: true, events: [event()] } },
        // New events start in the site's time zone.
        'GET /api/site': { body: { ...SITE, timezone: 'Europe/London' } },
        'POST /api/admin/events': { status: 201, body: { success: true, event: event({ id: 4 }) } },
      }),
    });
    expect(await screen.findByRole('button', { name: 'Edit Reading night' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New Event' }));
    await user.click(screen.getByRole('button', { name: 'Publish Event' }));
    expect(screen.getByText('Please give the event a title.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Poetry evening');
    await user.type(screen.getByLabelText('Starts'), '2026-04-02T19:30');
    expect(screen.getByLabelText('Time zone')).toHaveValue('Europe/London');
    await user.click(screen.getByRole('button', { name: 'Publish Event' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      title: 'Poetry evening',
      startsAt: '2026-04-02T19:30',
      endsAt: null,
      timeZone: 'Europe/London',
      status: 'published',
    });
  });
});

describe('csvChunks', () => {
  it('keeps a small file whole and splits a large one by rows, header first in each', async () => {
    const { csvChunks } = await import('./subscribers-section');
    expect(csvChunks('email\na@example.com\n')).toEqual(['email\na@example.com\n']);
    const rows = Array.from({ length: 6000 }, (_, i) => `reader${i}@example.com,Reader ${i},yes`);
    const chunks = csvChunks(['email,name,consent', ...rows].join('\n'));
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.startsWith('email,name,consent\n')).toBe(true);
      expect(chunk.length).toBeLessThanOrEqual(90_000);
    }
    expect(chunks.flatMap((chunk) => chunk.split('\n').slice(1))).toEqual(rows);
  });
});
