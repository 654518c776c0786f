import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldsOf } from '../fields';
import { FrontMatterFields } from './front-matter-fields';

function renderFields(error: { key: string; text: string } | null = null) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <form aria-label="New post">
          <FrontMatterFields
            part="details"
            fields={fieldsOf('post')}
            values={{ title: 'A walk' }}
            error={error}
            scheduledAt={null}
            onField={() => undefined}
            onUpload={async () => null}
          />
        </form>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return screen.getByText(/^Details:/).closest('details')!;
}

describe('the editor’s fields on a phone', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
  });

  it('fold the details away, and leave every optional field free to stay empty', () => {
    const details = renderFields();
    expect(details.open).toBe(false);
    const form = screen.getByRole('form', { name: 'New post' }) as HTMLFormElement;
    const refused = [...form.elements].filter(
      (element) => element instanceof HTMLInputElement && !element.checkValidity(),
    );
    // With only a title, what stops saving is what the file must have, never Keywords.
    expect(refused.map((input) => input.id.replace(/^.*-/, ''))).toEqual(['date', 'category']);
  });

  it('unfold when the browser refuses a field inside them, so its message can be shown', () => {
    const details = renderFields();
    fireEvent.invalid(screen.getByLabelText('Date'));
    expect(details.open).toBe(true);
  });

  it('unfold when the server refuses a field inside them, showing its message beside it', () => {
    const details = renderFields({ key: 'category', text: 'Choose a category.' });
    expect(details.open).toBe(true);
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription(/Choose a category\./);
  });
});
