import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SITE } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render-app';
import { SchedulePanel } from './schedule-panel';

function renderPanel() {
  const onSchedule = vi.fn();
  renderWithProviders(
    <SchedulePanel disabled={false} onSchedule={onSchedule} onCancel={() => undefined} />,
    { site: { ...SITE, timezone: 'America/Chicago' } },
  );
  return onSchedule;
}

describe('scheduling', () => {
  it("reads the time as the site's wall clock: 8:26 PM in Chicago is 02:26 UTC", async () => {
    const onSchedule = renderPanel();
    expect(screen.getByText('Times are in America/Chicago.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Publish on'), {
      target: { value: '2099-11-27T20:26' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule It' }));
    expect(onSchedule).toHaveBeenCalledWith('2099-11-28T02:26:00.000Z');
  });

  it('refuses a time already past, beside the field', async () => {
    const onSchedule = renderPanel();
    const field = screen.getByLabelText('Publish on');
    fireEvent.change(field, { target: { value: '2001-01-01T09:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule It' }));
    expect(field).toHaveAccessibleDescription(/Please choose a date and time in the future\./);
    expect(onSchedule).not.toHaveBeenCalled();
  });
});
