import type { WritingFile, WritingItem } from '@quillpost/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, SITE } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render-app';
import { EditorPage } from './editor-page';

const PATH = 'posts/2026-11-27-evening-light.md';
const draft: WritingFile = {
  path: PATH,
  kind: 'post',
  // Dated ahead (a schedule given up on): publishing now moves it to now.
  frontMatter: { title: 'Evening light', date: '2099-01-01', category: 'write', status: 'draft' },
  body: 'The light goes last from the water.\n',
  version: 'v1',
};

function renderEditor() {
  let version = 1;
  return renderWithProviders(<EditorPage path={PATH} backHref="/members/admin/writing" />, {
    site: SITE,
    routes: {
      ...signedIn({ role: 'admin' }),
      'GET /api/admin/writing/file': { body: { success: true, file: draft } },
      'PUT /api/admin/writing/file': ({ body }) => {
        const sent = body as WritingFile;
        const saved: WritingFile = { ...sent, kind: 'post', version: `v${(version += 1)}` };
        const item: WritingItem = {
          path: PATH,
          kind: 'post',
          title: 'Evening light',
          slug: 'evening-light',
          status: saved.frontMatter.status === 'draft' ? 'draft' : 'published',
          date: new Date().toISOString(),
          url: '/posts/evening-light',
        };
        return { body: { success: true, file: saved, item } };
      },
    },
  });
}

describe('the editor’s bar', () => {
  // On a phone: the details folded away.
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addListener: () => {},
      removeListener: () => {},
    }));
  });
  afterEach(() => vi.unstubAllGlobals());
  beforeAll(() => {
    Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = () => new DOMRect();
  });

  it('publishes a draft now, then offers Update, and Unpublish in the menu', async () => {
    const user = userEvent.setup();
    const { calls } = renderEditor();
    await screen.findByRole('textbox', { name: 'Body' }, { timeout: 15_000 });
    const bar = screen.getByRole('link', { name: 'Back to Writing' }).parentElement!;

    await user.click(within(bar).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published. Your post is live.')).toBeInTheDocument();
    const published = calls.filter((call) => call.method === 'PUT').at(-1)!.body as WritingFile;
    expect(published.frontMatter.status).toBe('published');
    expect(Date.parse(String(published.frontMatter.date))).toBeLessThanOrEqual(Date.now());
    expect(screen.getByRole('link', { name: 'View it' })).toHaveAttribute(
      'href',
      '/posts/evening-light',
    );

    await user.click(within(bar).getByRole('button', { name: 'More' }));
    expect(within(bar).queryByRole('button', { name: 'Save Draft' })).not.toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Unpublish' }));
    expect(
      await screen.findByText('Unpublished. Only you can see this post now.'),
    ).toBeInTheDocument();
    const unpublished = calls.filter((call) => call.method === 'PUT').at(-1)!.body as WritingFile;
    expect(unpublished.frontMatter.status).toBe('draft');
    expect(within(bar).getByRole('button', { name: 'Publish' })).toBeEnabled();
  });
});
