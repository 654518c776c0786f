import {
  MAX_IMAGE_UPLOAD_BYTES,
  MESSAGES,
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

    await user.click(within(panel).getByRole('button', { name: 'Keep my version' }));
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
});
