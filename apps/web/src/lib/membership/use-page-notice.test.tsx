import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Link } from 'react-router-dom';
import { renderWithProviders } from '../../test/render-app';
import { usePageNotice } from './use-page-notice';

function Page() {
  const [notice, showNotice] = usePageNotice();
  return (
    <>
      {notice ? <p role="alert">{notice.text}</p> : null}
      <button type="button" onClick={() => showNotice({ tone: 'success', text: 'Saved.' })}>
        Save
      </button>
      <button type="button" onClick={() => showNotice(null)}>
        Dismiss
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
    </>
  );
}

describe('usePageNotice', () => {
  it('shows a notice on the page it was raised on, until dismissed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Saved.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('retires the notice when the reader moves to another page', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
