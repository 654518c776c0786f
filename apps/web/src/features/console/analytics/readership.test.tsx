import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { memberRoutes, preloadMembersArea } from '../../members/testing/fixtures';
import { counts, trafficReport } from '../testing/fixtures';

beforeAll(preloadMembersArea, 30_000);

// jsdom draws no canvas; the chart is checked in Chromium (tests/e2e/analytics.test.ts).
vi.mock('./chart-canvas', () => ({ default: () => null }));

describe('readers in a range', () => {
  it('lists pages by their titles with the path beside, and names the newsletter as a source', async () => {
    await renderApp({
      path: '/members/admin/analytics?range=7d',
      routes: memberRoutes('admin', {
        'GET /api/admin/analytics/traffic': {
          body: trafficReport({
            ...counts(4, 3),
            pages: [
              {
                path: '/posts/tiny-tools',
                title: 'Why I keep a folder of tiny tools',
                ...counts(2, 2),
              },
              { path: '/category/build', title: null, ...counts(2, 1) },
            ],
            sources: [{ source: 'newsletter', ...counts(3, 2) }],
          }),
        },
        'GET /api/admin/analytics/issue': { body: { success: true, issue: null } },
      }),
    });
    const pages = within(await screen.findByRole('region', { name: 'Pages' }));
    const titled = pages.getByRole('link', { name: 'Why I keep a folder of tiny tools' });
    expect(titled.closest('th')).toHaveTextContent(
      'Why I keep a folder of tiny tools/posts/tiny-tools',
    );
    expect(pages.getByRole('link', { name: '/category/build' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'The newsletter' })).toBeInTheDocument();
  });
});
