import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SelectField } from './select-field';

const HOURS = [24, 168] as const;

function BanLength() {
  const [hours, setHours] = useState<(typeof HOURS)[number]>(24);
  return (
    <>
      <SelectField
        id="hours"
        label="Ban length"
        hint="Counted from now."
        value={hours}
        options={HOURS}
        optionLabel={(option) => (option === 24 ? '1 day' : '1 week')}
        onChange={setHours}
      />
      <p>{hours * 2} hours for a second offence</p>
    </>
  );
}

describe('SelectField', () => {
  it('offers its choices under its label and hands back the one picked, as the value it was', async () => {
    const user = userEvent.setup();
    render(<BanLength />);
    const select = screen.getByRole('combobox', { name: 'Ban length' });
    expect(select).toHaveAccessibleDescription('Counted from now.');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '1 day',
      '1 week',
    ]);
    await user.selectOptions(select, '1 week');
    // A number, not the option's text: 168 × 2.
    expect(screen.getByText('336 hours for a second offence')).toBeInTheDocument();
  });
});
