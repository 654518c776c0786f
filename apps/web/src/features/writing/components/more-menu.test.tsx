import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MoreMenu } from './more-menu';

function renderMenu() {
  const schedule = vi.fn();
  render(
    <div>
      <p>Outside</p>
      <MoreMenu
        actions={[
          { label: 'Schedule', onSelect: schedule },
          { label: 'Unpublish', disabled: true, onSelect: () => undefined },
        ]}
      >
        More
      </MoreMenu>
    </div>,
  );
  return { schedule, more: screen.getByRole('button', { name: 'More' }) };
}

describe('the More menu', () => {
  it('opens from its button, runs what is chosen and closes', async () => {
    const user = userEvent.setup();
    const { schedule, more } = renderMenu();
    expect(screen.queryByRole('button', { name: 'Schedule' })).not.toBeInTheDocument();
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(schedule).toHaveBeenCalledOnce();
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape (focus back on its button) and on a tap elsewhere', async () => {
    const user = userEvent.setup();
    const { more } = renderMenu();
    await user.click(more);
    await user.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
    await user.click(more);
    await user.click(screen.getByText('Outside'));
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });
});
