import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { memberRoutes, preloadMembersArea } from '../members/testing/fixtures';

beforeAll(preloadMembersArea, 30_000);

describe('importing subscribers from a CSV in the console', () => {
  it('says who the file marked as not subscribed, and that they were left out and not mailed', async () => {
    const user = userEvent.setup();
    await renderApp({
      path: '/members/admin/subscribers',
      routes: memberRoutes('admin', {
        'GET /api/admin/subscribers': {
          body: {
            success: true,
            items: [],
            total: 0,
            page: 1,
            pageSize: 25,
            counts: { pending: 0, active: 0, unsubscribed: 0, bounced: 0 },
          },
        },
        'POST /api/admin/subscribers/import': {
          body: {
            success: true,
            imported: 0,
            confirmationsQueued: 1,
            skippedExisting: 0,
            invalid: [],
            notSubscribed: [
              {
                line: 3,
                message: 'Had switched email off (email_disabled): left out, and not mailed.',
              },
            ],
          },
        },
      }),
    });
    await user.click(await screen.findByText('Import from CSV'));
    const file = new File(
      ['email,email_disabled\na@example.com,false\nb@example.com,true\n'],
      'email_list.csv',
      {
        type: 'text/csv',
      },
    );
    await user.upload(screen.getByLabelText('Choose a CSV file'), file);
    expect(
      await screen.findByText(/1 not subscribed there \(left out, not mailed\)/),
    ).toBeInTheDocument();
    const left = within(screen.getByRole('list', { name: 'Not subscribed there' }));
    expect(
      left.getByText('Line 3: Had switched email off (email_disabled): left out, and not mailed.'),
    ).toBeInTheDocument();
  });
});
