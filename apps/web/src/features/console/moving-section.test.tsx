import { DEFAULT_SITE_SETTINGS, type ImportReport } from '@quillpost/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { memberRoutes, preloadMembersArea } from '../members/testing/fixtures';

beforeAll(preloadMembersArea, 30_000);

const created = {
  posts: 2,
  drafts: 1,
  pages: 1,
  subscribers: 0,
  unsubscribed: 0,
  bounced: 0,
  members: 0,
  files: 0,
  images: 0,
};

/** The console's Moving in, whose import answers a check of the file with this report. */
const renderChecking = (report: Partial<ImportReport>) =>
  renderApp({
    path: '/members/admin/moving',
    routes: memberRoutes('admin', {
      'POST /api/admin/import': {
        body: {
          success: true,
          report: {
            source: 'substack',
            dryRun: true,
            at: '2026-11-26T10:00:00.000Z',
            created,
            kept: [],
            refused: [],
            notes: [],
            remoteImages: [],
            reportFile: null,
            ...report,
          },
        },
      },
    }),
  });

describe('where a new owner finds it', () => {
  it('is a section of the console of its own, and Settings still leads there', async () => {
    const user = userEvent.setup();
    await renderApp({
      path: '/members/admin/settings',
      routes: memberRoutes('admin', {
        'GET /api/admin/settings': { body: { success: true, settings: DEFAULT_SITE_SETTINGS } },
      }),
    });
    const tabs = within(await screen.findByRole('navigation', { name: 'Console' }));
    expect(tabs.getByRole('link', { name: 'Moving in' })).toHaveAttribute(
      'href',
      '/members/admin/moving',
    );
    // Whoever looks for it where it was is sent on.
    const pointer = await screen.findByRole('link', { name: 'Console → Moving in' });
    expect(screen.queryByRole('region', { name: 'Import' })).toBeNull();
    await user.click(pointer);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/members\/admin\/moving$/);
    expect(await screen.findByRole('region', { name: 'Import' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download Everything' })).toBeInTheDocument();
  });
});

describe('the import’s result', () => {
  it('says, without opening anything, which file was read as the list, or that none was found', async () => {
    const user = userEvent.setup();
    const notes = [
      {
        where: 'The export',
        message:
          'No subscriber list found: no .csv file in it has an email column with Substack’s subscription columns.',
      },
      {
        where: 'posts.csv',
        message:
          '1 post was sent as email on Substack: marked as sent here, so it is not offered for a new issue.',
      },
    ];
    await renderChecking({ notes });
    const section = within(await screen.findByRole('region', { name: 'Import' }));
    const file = new File(['zip'], 'substack-export.zip', { type: 'application/zip' });
    await user.upload(section.getByLabelText('Export file'), file);
    await user.click(section.getByRole('button', { name: 'Check the File' }));
    const found = within(await section.findByRole('list', { name: 'What the file holds' }));
    const items = found.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(notes.map(({ where, message }) => `${where}: ${message}`));
    for (const item of found.getAllByRole('listitem')) expect(item).toBeVisible();
  });

  it('says an archive brings the fediverse account, and lists its followers', async () => {
    const user = userEvent.setup();
    await renderChecking({
      source: 'archive',
      fediverse: {
        keys: ['RSASSA-PKCS1-v1_5', 'Ed25519'],
        handles: ['rowan_writes'],
        followers: ['https://social.example/users/ada', 'https://tiny.example/users/bo'],
        blocks: ['domain spam.example'],
        replies: [],
      },
    });
    const section = within(await screen.findByRole('region', { name: 'Import' }));
    await user.selectOptions(section.getByLabelText('From'), 'archive');
    const file = new File(['zip'], 'everything.zip', { type: 'application/zip' });
    await user.upload(section.getByLabelText('Export file'), file);
    await user.click(section.getByRole('button', { name: 'Check the File' }));
    expect(
      await section.findByText(
        'The fediverse account would come with it: its keys, so followers’ servers know the site, 2 followers, 1 earlier handle, 1 block.',
      ),
    ).toBeInTheDocument();
    await user.click(section.getByText('Followers (2)'));
    expect(section.getByText('https://tiny.example/users/bo')).toBeVisible();
  });
});
