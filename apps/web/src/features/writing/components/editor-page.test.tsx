import {
  MAX_IMAGE_UPLOAD_BYTES,
  MESSAGES,
  writingDraftKey,
  type WritingFile,
  type WritingItem,
} from '@quillpost/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, SITE, type FakeRoute } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render-app';
import { EditorPage } from './editor-page';

const PATH = 'posts/2025-06-01-tiny-tools.md';

const opened: WritingFile = {
  path: PATH,
  kind: 'post',
  frontMatter: { title: 'Tiny tools', date: '2025-06-01', category: 'build', tags: ['tools'] },
  body: 'The body of tiny tools.\n',
  version: 'v1',
};

const item = (file: WritingFile): WritingItem => ({
  path: file.path,
  kind: 'post',
  title: String(file.frontMatter.title),
  slug: 'tiny-tools',
  status: 'published',
  date: '2025-06-01T00:00:00.000Z',
  url: '/posts/tiny-tools',
});

function renderEditor(routes: Record<string, FakeRoute> = {}) {
  return renderWithProviders(<EditorPage path={PATH} backHref="/members/admin/writing" />, {
    site: SITE,
    routes: {
      ...signedIn({ role: 'admin' }),
      'GET /api/admin/writing/file': { body: { success: true, file: opened } },
      ...routes,
    },
  });
}

const uploads = (calls: Array<{ method: string; path: string }>) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/admin/images');

describe('the editor page', () => {
  // At a desk: every field shows, none folded away as on a phone.
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addListener: () => {},
      removeListener: () => {},
    }));
  });
  afterEach(() => vi.unstubAllGlobals());
  // jsdom lays nothing out; CodeMirror measures its text all the same.
  beforeAll(() => {
    Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = () => new DOMRect();
  });

  it('says why a file dropped into the body is not uploaded: not an image, or too large', async () => {
    const { calls } = renderEditor();
    // CodeMirror is its own lazy chunk: its first import, on a cold cache and a busy machine, takes
    // longer than a findBy's default second.
    const body = await screen.findByRole('textbox', { name: 'Body' }, { timeout: 15_000 });
    const drop = (file: File) =>
      fireEvent.drop(body, { dataTransfer: { files: [file], types: ['Files'] } });

    drop(new File(['%PDF-1.7'], 'tide-tables.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.IMAGE_INVALID);

    const huge = new File([new Uint8Array(MAX_IMAGE_UPLOAD_BYTES + 1)], 'harbour.jpg', {
      type: 'image/jpeg',
    });
    await userEvent.upload(screen.getByLabelText('Upload image'), huge);
    expect(await screen.findByText(MESSAGES.IMAGE_TOO_LARGE)).toBeInTheDocument();
    expect(uploads(calls)).toEqual([]);
  });

  it('shows a conflict in the front matter, and keeps my version when asked', async () => {
    const user = userEvent.setup();
    const byHand: WritingFile = {
      ...opened,
      frontMatter: { ...opened.frontMatter, title: 'Tiny tools, renamed by hand' },
      version: 'v2',
    };
    const { calls, routes } = renderEditor({
      'PUT /api/admin/writing/file': ({ body }) => {
        const sent = body as Pick<WritingFile, 'path' | 'version' | 'frontMatter' | 'body'>;
        if (sent.version !== byHand.version) {
          const message = 'This post was changed elsewhere since you opened it';
          return { status: 409, body: { success: false, code: 'CONTENT_CHANGED', message } };
        }
        const saved: WritingFile = { ...sent, kind: 'post', version: 'v3' };
        return { body: { success: true, file: saved, item: item(saved) } };
      },
    });
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Tiny tools that pay');
    // Meanwhile the title was changed by hand on the server; the body was not touched.
    routes['GET /api/admin/writing/file'] = { body: { success: true, file: byHand } };
    await user.click(screen.getByRole('button', { name: 'Update' }));

    const panel = await screen.findByRole('region', {
      name: 'This post was changed elsewhere since you opened it',
    });
    expect(panel).toHaveTextContent('They differ in: Title.');
    const [mine, theirs] = within(panel).getAllByRole('figure');
    expect(mine).toHaveTextContent('title: Tiny tools that pay');
    expect(theirs).toHaveTextContent('title: Tiny tools, renamed by hand');
    for (const side of [mine!, theirs!]) {
      expect(side).toHaveTextContent('tags: [tools]');
      expect(side).toHaveTextContent('The body of tiny tools.');
    }

    await user.click(within(panel).getByRole('button', { name: 'Keep My Version' }));
    expect(
      await screen.findByText('Saved your version. The other one is among the revisions.'),
    ).toBeInTheDocument();
    const saves = calls.filter((call) => call.method === 'PUT');
    expect(saves.at(-1)!.body).toMatchObject({
      version: 'v2',
      frontMatter: { title: 'Tiny tools that pay' },
    });
    expect(screen.queryByRole('region', { name: /changed elsewhere/ })).not.toBeInTheDocument();
  });

  it('gives writing the screen: one bar (Preview, Publish, More), the body right under the title', async () => {
    const user = userEvent.setup();
    const draft: WritingFile = {
      ...opened,
      frontMatter: { ...opened.frontMatter, status: 'draft' },
    };
    const { calls } = renderEditor({
      'GET /api/admin/writing/file': { body: { success: true, file: draft } },
      'PUT /api/admin/writing/file': ({ body }) => {
        const saved = { ...(body as WritingFile), kind: 'post' as const, version: 'v2' };
        return { body: { success: true, file: saved, item: item(saved) } };
      },
    });
    const body = await screen.findByRole('textbox', { name: 'Body' }, { timeout: 15_000 });
    const bar = screen.getByRole('link', { name: 'Back to Writing' }).parentElement!;
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Preview', 'Publish', 'More']);
    // The title, then the body, then the details: nothing else between them.
    const title = screen.getByLabelText('Title');
    const details = screen.getByText(/^Details:/);
    expect(title.compareDocumentPosition(body) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(body.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(within(bar).getByRole('button', { name: 'More' }));
    const menu = within(bar).getByRole('list');
    expect(
      within(menu)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Save Draft', 'Schedule', 'Publish and Email', 'Revisions', 'Move to Trash']);
    await user.click(within(menu).getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Draft saved.')).toBeInTheDocument();
    expect(menu).not.toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)!.body).toMatchObject({
      frontMatter: { status: 'draft' },
    });
  });

  it('puts an uploaded image on a line of its own, with the description it asks for', async () => {
    const user = userEvent.setup();
    const { calls } = renderEditor({
      'POST /api/admin/images': {
        body: {
          success: true,
          path: '/content/images/uploads/2026/wall.jpg',
          width: 1200,
          height: 900,
        },
      },
      'PUT /api/admin/writing/file': ({ body }) => {
        const saved = { ...(body as WritingFile), kind: 'post' as const, version: 'v2' };
        return { body: { success: true, file: saved, item: item(saved) } };
      },
    });
    await screen.findByRole('textbox', { name: 'Body' }, { timeout: 15_000 });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'wall.jpg', {
      type: 'image/jpeg',
    });
    await userEvent.upload(screen.getByLabelText('Upload image'), photo);

    const dialog = await screen.findByRole('dialog', { name: 'Describe the image' });
    await user.type(
      within(dialog).getByLabelText('What does it show?'),
      'The harbour wall at dawn',
    );
    // The photo shown is named as the post will name it (the server's copy where the browser
    // cannot draw one).
    expect(within(dialog).getByRole('img', { name: 'The harbour wall at dawn' })).toHaveAttribute(
      'src',
      '/content/images/uploads/2026/wall.jpg',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Insert Image' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Updated.');
    const saved = calls.filter((call) => call.method === 'PUT').at(-1)!.body as WritingFile;
    // The cursor was at the start: the image is its own paragraph, before the text.
    expect(saved.body).toBe(
      '![The harbour wall at dawn](/content/images/uploads/2026/wall.jpg)\n\nThe body of tiny tools.\n',
    );
  });

  it('offers back what this browser kept and never saved, and restores it', async () => {
    localStorage.setItem(
      writingDraftKey(PATH),
      JSON.stringify({
        path: PATH,
        version: 'v1',
        frontMatter: opened.frontMatter,
        body: 'Typed on the train, never saved.\n',
        savedAt: Date.parse('2026-01-10T09:00:00Z'),
      }),
    );
    const user = userEvent.setup();
    renderEditor();
    const offer = await screen.findByText(/This browser kept changes you had not saved/);
    await user.click(screen.getByRole('button', { name: 'Restore Them' }));
    expect(offer).not.toBeInTheDocument();
    expect(await screen.findByText(/Unsaved changes/)).toBeInTheDocument();
    const body = await screen.findByRole('textbox', { name: 'Body' }, { timeout: 15_000 });
    expect(body).toHaveTextContent('Typed on the train, never saved.');
    localStorage.clear();
  });
});
