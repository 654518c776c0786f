import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buttonLabels, titleCased } from '../../test/button-casing';
import { captureDownloads } from '../../test/downloads';
import { SITE, type FakeRoute } from '../../test/fake-api';
import { renderApp, renderWithProviders } from '../../test/render-app';
import { memberRoutes, preloadMembersArea } from '../members/testing/fixtures';
import NewsletterConsole from './newsletter-console';
import { IssueReport } from './components/issue-progress';
import {
  issue,
  issueAnswer,
  previewAnswer,
  progress,
  report,
  issueResults,
  source,
  sourcesAnswer,
} from './testing/fixtures';

const BASE = '/members/admin/newsletter';
// A zone with summer time, so a schedule in it differs from UTC (the machine's zone in CI).
const LONDON_SITE = { ...SITE, timezone: 'Europe/London' };

function renderConsole(path: string, routes: Record<string, FakeRoute>) {
  return renderWithProviders(<NewsletterConsole />, {
    path,
    site: LONDON_SITE,
    routes: {
      'GET /api/admin/newsletter/sources': sourcesAnswer(),
      'GET /api/admin/newsletter/issues/7/preview': previewAnswer,
      ...routes,
    },
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the newsletter console', () => {
  it('lists the issues and makes a draft from a chosen post', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole(BASE, {
      'GET /api/admin/newsletter/sources': sourcesAnswer([
        source(),
        source({ slug: 'reading-slowly', title: 'Reading slowly', section: 'learn' }),
        source({ slug: 'old', title: 'Old news', issueId: 3 }),
      ]),
      'GET /api/admin/newsletter/issues': {
        body: {
          success: true,
          issues: [
            issue({
              id: 3,
              subject: 'Old news',
              status: 'sent',
              startedAt: '2026-01-02T09:00:00.000Z',
              progress: progress({ total: 180, sent: 178, bounced: 2 }),
            }),
          ],
        },
      },
      'POST /api/admin/newsletter/issues': { status: 201, ...issueAnswer({ id: 7 }) },
      'GET /api/admin/newsletter/issues/7': issueAnswer(),
    });

    const row = (await screen.findByRole('link', { name: 'Old news' })).closest('tr')!;
    expect(within(row).getByText('Sent')).toBeInTheDocument();
    expect(within(row).getByText('178 / 180')).toBeInTheDocument();

    // Posts that already have an issue are not offered again.
    const picker = screen.getByLabelText('Post');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Why I keep a folder of tiny tools (Build, 18 May 2025)',
      'Reading slowly (Learn, 18 May 2025)',
    ]);
    expect(screen.getByText(/Goes to the Build section: 180 subscribers right now/)).toBeVisible();
    await user.selectOptions(picker, 'post:reading-slowly');
    expect(screen.getByText(/Goes to the Learn section: 200 subscribers right now/)).toBeVisible();
    await user.type(screen.getByLabelText(/Subject/), 'Slow reading, fast notes');
    await user.click(screen.getByRole('button', { name: 'Create a Draft' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`${BASE}?issue=7`),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'post',
      slug: 'reading-slowly',
      subject: 'Slow reading, fast notes',
    });
    expect(await screen.findByRole('heading', { name: issue().title })).toBeInTheDocument();
  });

  it('offers nothing to send when every post was sent, here or before an import', async () => {
    // The API leaves out posts another platform mailed (an imported Substack post).
    renderConsole(BASE, {
      'GET /api/admin/newsletter/sources': sourcesAnswer([source({ slug: 'old', issueId: 3 })]),
      'GET /api/admin/newsletter/issues': { body: { success: true, issues: [] } },
    });
    expect(
      await screen.findByText('Every published post has been sent, or has an issue already.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Post' })).not.toBeInTheDocument();
  });

  it('shows the API’s message when a draft cannot be made', async () => {
    const user = userEvent.setup();
    renderConsole(BASE, {
      'GET /api/admin/newsletter/issues': { body: { success: true, issues: [] } },
      'POST /api/admin/newsletter/issues': {
        status: 409,
        body: { success: false, code: 'NEWSLETTER_ISSUE_EXISTS', message: 'x' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create a Draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This post already has a newsletter issue.',
    );
  });

  it('previews a draft in a sandboxed frame, with the plain-text part a click away, and sends a test to the owner', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole(`${BASE}?issue=7`, {
      'GET /api/admin/newsletter/issues/7': issueAnswer(),
      'POST /api/admin/newsletter/issues/7/test': {
        body: { success: true, message: 'Test email sent.', to: 'owner@example.com' },
      },
    });

    const frame = await screen.findByTitle('The email as a mail client shows it');
    expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('srcdoc')).toContain('<base target="_blank">');
    expect(frame.getAttribute('srcdoc')).toContain('Manage your subscription');
    expect(screen.getByText('Rowan Ellis <newsletter@example.com>')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Plain Text' }));
    expect(
      screen.getByText(/Manage your subscription: https:\/\/example.com\/manage/),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Send a Test to Me' }));
    expect(
      await screen.findByText('Test email sent. It went to owner@example.com.'),
    ).toHaveAttribute('role', 'status');
    expect(calls.filter((call) => call.path.endsWith('/test'))).toHaveLength(1);
  });

  it("titles its buttons as the rest of the site does (Title Case, as the spec's)", async () => {
    const user = userEvent.setup();
    renderConsole(`${BASE}?issue=7`, { 'GET /api/admin/newsletter/issues/7': issueAnswer() });
    await screen.findByTitle('The email as a mail client shows it');
    const send = await screen.findByRole('button', { name: /^Send to/ });
    const seen = buttonLabels();
    await user.click(send);
    seen.push(...buttonLabels(screen.getByRole('alert')));
    expect(seen.filter((label) => !titleCased(label))).toEqual([]);
  });

  it('asks once more before sending now, then follows the progress until the report', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let state = issueAnswer();
    const { calls } = renderConsole(`${BASE}?issue=7`, {
      'GET /api/admin/newsletter/issues/7': () => state,
      'POST /api/admin/newsletter/issues/7/send': () => {
        state = issueAnswer({
          status: 'sending',
          startedAt: '2026-01-10T10:00:00.000Z',
          progress: progress({ total: 180, queued: 130, sent: 50 }),
        });
        return { body: { success: true, issue: state.body.issue } };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Send to 180 Subscribers…' }));
    expect(calls.some((call) => call.path.endsWith('/send'))).toBe(false);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Send “Why I keep a folder of tiny tools” to 180 subscribers now? This cannot be undone.',
    );
    await user.click(screen.getByRole('button', { name: 'Yes, Send It' }));
    expect(await screen.findByText('Sending has started.')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/send'))?.body).toBeUndefined();
    expect(await screen.findByText('50 mails sent of 180')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();

    // The next poll brings the finished send and its report.
    state = issueAnswer(
      {
        status: 'sent',
        startedAt: '2026-01-10T10:00:00.000Z',
        finishedAt: '2026-01-10T10:01:00.000Z',
        progress: progress({
          total: 180,
          sent: 177,
          bounced: 1,
          failed: 1,
          skipped: 1,
          unsubscribedSince: 2,
        }),
      },
      {
        durationSeconds: 58.2,
        messagesPerSecond: 3,
        problems: [
          {
            email: 'gone@example.com',
            status: 'bounced',
            attempts: 1,
            error: '550 No such user here',
          },
        ],
      },
    );
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(await screen.findByRole('heading', { name: 'Report' })).toBeInTheDocument();
    // The send has ended: its notice gives way to the result.
    expect(screen.queryByText('Sending has started.')).toBeNull();
    expect(screen.getByText('Sent: 177 mails of 180.')).toHaveAttribute('role', 'status');
    expect(screen.getByText('177 mails sent of 180')).toBeInTheDocument();
    expect(screen.getByText('Delivered over 58.2 s (3 mails a second).')).toBeInTheDocument();
    const problem = screen.getByRole('row', { name: /gone@example.com/ });
    expect(problem).toHaveTextContent('bounced');
    expect(problem).toHaveTextContent('550 No such user here');
    const counts = screen.getByText('Unsubscribed since').closest('div')!;
    expect(counts).toHaveTextContent('2');
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
  });

  it('schedules for a time in the future, in the site’s time zone', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole(`${BASE}?issue=7`, {
      'GET /api/admin/newsletter/issues/7': issueAnswer(),
      'POST /api/admin/newsletter/issues/7/send': (call) => ({
        body: {
          success: true,
          issue: issue({
            status: 'scheduled',
            scheduledAt: (call.body as { scheduledAt: string }).scheduledAt,
          }),
        },
      }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Later' }));
    const input = screen.getByLabelText('Date and time');
    expect(input).toHaveAccessibleDescription('Times are in Europe/London.');
    await user.clear(input);
    await user.type(input, '2001-01-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(screen.getByText('Please choose a date and time in the future.')).toBeVisible();
    expect(calls.some((call) => call.path.endsWith('/send'))).toBe(false);

    await user.clear(input);
    // 09:30 British Summer Time.
    await user.type(input, '2099-07-01T09:30');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/send'))).toBe(true));
    const sent = calls.find((call) => call.path.endsWith('/send'))!;
    expect(sent.body).toEqual({ scheduledAt: '2099-07-01T08:30:00.000Z' });
    expect(await screen.findByText('Scheduled for 1 Jul 2099, 09:30.')).toBeInTheDocument();
  });

  it('reports a paused send with its reason and resumes it', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole(`${BASE}?issue=7`, {
      'GET /api/admin/newsletter/issues/7': issueAnswer({
        status: 'paused',
        startedAt: '2026-01-10T10:00:00.000Z',
        pauseReason: 'Paused after 20 errors in a row. The last one: Connection refused',
        progress: progress({ total: 180, queued: 170, sent: 10 }),
      }),
      'POST /api/admin/newsletter/issues/7/resume': {
        body: { success: true, issue: issue({ status: 'sending' }) },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Paused after 20 errors in a row. The last one: Connection refused',
    );
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/resume'))).toBe(true));
  });

  it("shows a sent issue's results: deliveries, complaints, unsubscribes, clicks per link as a table and a CSV, and why not opens", async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    const answer = issueAnswer({
      status: 'sent',
      startedAt: '2026-01-10T10:00:00.000Z',
      finishedAt: '2026-01-10T10:02:00.000Z',
      progress: progress({ total: 180, sent: 178, bounced: 2 }),
    });
    renderConsole(`${BASE}?issue=7`, {
      'GET /api/admin/newsletter/issues/7': {
        body: {
          ...answer.body,
          results: issueResults(),
        },
      },
    });
    const results = await screen.findByRole('region', { name: 'Results' });
    const figure = (label: string) => within(results).getByText(label).nextElementSibling;
    expect(figure('Delivered')).toHaveTextContent('177');
    expect(figure('Complaints')).toHaveTextContent('1');
    expect(figure('Unsubscribes')).toHaveTextContent('4');
    expect(
      within(results).getByRole('row', { name: 'rowan.example/posts/tiny-tools 31' }),
    ).toBeInTheDocument();
    expect(within(results).getByText(/Opens are not counted/)).toBeInTheDocument();
    await user.click(within(results).getByRole('button', { name: 'CSV of clicks' }));
    expect(downloads.map((file) => file.name)).toEqual([
      `newsletter-clicks_${answer.body.issue.slug}.csv`,
    ]);
    expect(await downloads[0]!.text).toBe(
      'Link,Clicks\r\nhttps://rowan.example/posts/tiny-tools,31\r\nhttps://github.com/rowan/tools,9\r\n',
    );
  });

  it('says a send that took under a second was, with no made-up rate, and long ones in minutes', async () => {
    const { rerender } = renderWithProviders(
      <IssueReport report={report({ durationSeconds: 0.004, messagesPerSecond: null })} finished />,
    );
    expect(screen.getByText('Delivered in under a second.')).toBeInTheDocument();
    rerender(
      <IssueReport report={report({ durationSeconds: 185, messagesPerSecond: 54.1 })} finished />,
    );
    expect(screen.getByText('Delivered over 3 min 5 s (54.1 mails a second).')).toBeInTheDocument();
  });

  it('explains an uncertain batch and lets the owner send it again', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole(`${BASE}?issue=7`, {
      'GET /api/admin/newsletter/issues/7': issueAnswer({
        status: 'sent',
        startedAt: '2026-01-10T10:00:00.000Z',
        finishedAt: '2026-01-10T10:02:00.000Z',
        progress: progress({ total: 180, sent: 168, uncertain: 12 }),
        uncertainBatches: [{ id: 4, startedAt: '2026-01-10T10:00:30.000Z', recipients: 12 }],
      }),
      'POST /api/admin/newsletter/issues/7/uncertain': {
        body: { success: true, issue: issue({ status: 'sending' }) },
      },
    });
    const panel = (await screen.findByRole('heading', { name: '12 deliveries uncertain' })).closest(
      'section',
    )!;
    expect(panel).toHaveTextContent('They were not sent again on their own.');
    await user.click(within(panel).getByRole('button', { name: 'Send Them Again' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/uncertain'))?.body).toEqual({
        action: 'resend',
      }),
    );
    expect(await screen.findByText('Queued to be sent again.')).toBeInTheDocument();
  });
});

describe('in the owner’s console', () => {
  beforeAll(async () => {
    await preloadMembersArea();
    await import('./newsletter-console');
  }, 30_000);

  it('has a Newsletter tab for administrators that opens this page', async () => {
    const user = userEvent.setup();
    await renderApp({
      path: '/members/admin/users',
      routes: memberRoutes('admin', {
        'GET /api/admin/users': {
          body: { success: true, items: [], total: 0, page: 1, pageSize: 25 },
        },
        'GET /api/admin/newsletter/sources': sourcesAnswer(),
        'GET /api/admin/newsletter/issues': { body: { success: true, issues: [] } },
      }),
    });
    await user.click(await screen.findByRole('link', { name: 'Newsletter' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/members\/admin\/newsletter$/),
    );
    expect(await screen.findByRole('heading', { name: 'New issue' })).toBeInTheDocument();
    expect(screen.getByText('No issues yet.')).toBeInTheDocument();
  });
});

describe('the deliverability check', () => {
  const line = (check: string, label: string, ok: boolean, detail: string, fix: string | null) => ({
    check,
    label,
    ok,
    detail,
    fix,
  });

  it('lists each check green or red, with the fix for the red ones', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole(BASE, {
      'GET /api/admin/newsletter/issues': { body: { success: true, issues: [] } },
      'POST /api/admin/newsletter/deliverability': {
        body: {
          success: true,
          domain: 'rowan.example',
          sentTo: 'owner@rowan.example',
          lines: [
            line('spf', 'SPF', true, 'v=spf1 include:relay.example ~all', null),
            line(
              'dmarc',
              'DMARC',
              false,
              'No DMARC record at _dmarc.rowan.example.',
              'Add a TXT record at _dmarc.rowan.example: v=DMARC1; p=none',
            ),
          ],
          headers: [{ name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' }],
        },
      },
    });
    const section = within(await screen.findByRole('region', { name: 'Deliverability' }));
    await user.click(section.getByRole('button', { name: 'Run the Check' }));
    expect(
      await section.findByText(
        '1 of 2 need attention for rowan.example. A test message went to owner@rowan.example.',
      ),
    ).toBeInTheDocument();
    const checks = within(section.getByRole('list', { name: 'Checks' })).getAllByRole('listitem');
    expect(checks[0]).toHaveTextContent('SPF: passesv=spf1 include:relay.example ~all');
    expect(checks[1]).toHaveTextContent(
      'DMARC: needs a fixNo DMARC record at _dmarc.rowan.example.Add a TXT record at _dmarc.rowan.example: v=DMARC1; p=none',
    );
    expect(
      section.getByText(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/),
    ).toBeInTheDocument();
    expect(
      calls.filter((call) => call.path === '/api/admin/newsletter/deliverability'),
    ).toHaveLength(1);
  });
});
