/**
 * Canned answers for the newsletter console's calls, for component tests with the fake API client
 * (src/test/fake-api.ts).
 */
import type {
  NewsletterIssue,
  NewsletterProgress,
  NewsletterReport,
  NewsletterResults,
  NewsletterSource,
} from '@quillpost/domain';

export const progress = (over: Partial<NewsletterProgress> = {}): NewsletterProgress => ({
  total: 0,
  queued: 0,
  sent: 0,
  failed: 0,
  bounced: 0,
  skipped: 0,
  uncertain: 0,
  unsubscribedSince: 0,
  ...over,
});

export const issue = (over: Partial<NewsletterIssue> = {}): NewsletterIssue => ({
  id: 7,
  kind: 'post',
  slug: 'tiny-tools',
  title: 'Why I keep a folder of tiny tools',
  section: 'build',
  subject: 'Why I keep a folder of tiny tools',
  status: 'draft',
  createdAt: '2026-01-10T09:00:00.000Z',
  scheduledAt: null,
  startedAt: null,
  finishedAt: null,
  pauseReason: null,
  progress: progress(),
  uncertainBatches: [],
  ...over,
});

export const report = (over: Partial<NewsletterReport> = {}): NewsletterReport => ({
  durationSeconds: null,
  messagesPerSecond: null,
  problems: [],
  ...over,
});

/** What became of a sent issue: some bounces, a complaint, unsubscribes and two links' clicks. */
export const issueResults = (over: Partial<NewsletterResults> = {}): NewsletterResults => ({
  recipients: 180,
  delivered: 177,
  bounced: 3,
  complaints: 1,
  unsubscribes: 4,
  clicksCounted: true,
  links: [
    { url: 'https://rowan.example/posts/tiny-tools', clicks: 31 },
    { url: 'https://github.com/rowan/tools', clicks: 9 },
  ],
  ...over,
});

export const source = (over: Partial<NewsletterSource> = {}): NewsletterSource => ({
  kind: 'post',
  slug: 'tiny-tools',
  title: 'Why I keep a folder of tiny tools',
  date: '2025-05-18T00:00:00.000Z',
  section: 'build',
  url: 'http://localhost:5173/posts/tiny-tools',
  issueId: null,
  ...over,
});

export const sourcesAnswer = (sources: NewsletterSource[] = [source()]) => ({
  body: {
    success: true,
    sources,
    audience: { build: 180, learn: 200, write: 195, journal: 150, poetry: 120 },
  },
});

export const issueAnswer = (
  over: Partial<NewsletterIssue> = {},
  reportOver: Partial<NewsletterReport> = {},
) => ({
  body: { success: true, issue: issue(over), report: report(reportOver), results: null },
});

export const previewAnswer = {
  body: {
    success: true,
    from: 'Rowan Ellis <newsletter@example.com>',
    subject: 'Why I keep a folder of tiny tools',
    html: '<!doctype html><html><head><title>x</title></head><body><h1>Why I keep a folder of tiny tools</h1><a href="https://example.com/manage">Manage your subscription</a></body></html>',
    text: 'Why I keep a folder of tiny tools\n\nManage your subscription: https://example.com/manage',
  },
};
