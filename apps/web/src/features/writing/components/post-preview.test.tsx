import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn, SITE } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render-app';
import PostPreview from './post-preview';

describe('the preview', () => {
  it('shows the whole post as readers get it: title, date, featured image, then the body', async () => {
    renderWithProviders(
      <PostPreview
        kind="post"
        frontMatter={{
          title: 'The harbour at dawn',
          date: '2026-11-27',
          featured_image: 'images/harbour.jpg',
        }}
        body={'The light comes up *first*.'}
        onClose={() => undefined}
      />,
      {
        site: { ...SITE, language: 'en-US', timezone: 'America/Chicago' },
        routes: {
          ...signedIn({ role: 'admin' }),
          'POST /api/admin/writing/preview': {
            body: {
              success: true,
              html: '<p>The light comes up <em>first</em>.</p>',
              wordCount: 6,
              readingMinutes: 1,
            },
          },
        },
      },
    );
    const preview = screen.getByRole('region', { name: 'Preview' });
    const title = screen.getByRole('heading', { level: 1, name: 'The harbour at dawn' });
    expect(preview).toContainElement(title);
    expect(screen.getByText('November 27, 2026')).toHaveAttribute('dateTime', '2026-11-27');
    expect(
      screen.getByRole('img', { name: 'Illustration for “The harbour at dawn”' }),
    ).toHaveAttribute('src', '/content/images/harbour.jpg');
    expect(await screen.findByText('first', { selector: 'em' })).toBeInTheDocument();
  });
});
