import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

describe('Field', () => {
  it('labels its control, says what it is for, and announces what is wrong with it', () => {
    const { rerender } = render(
      <Field id="zone" label="Time zone" hint="Dates on the site follow it.">
        {(control) => (
          <select {...control}>
            <option>America/Chicago</option>
          </select>
        )}
      </Field>,
    );
    const select = screen.getByLabelText('Time zone');
    expect(select).toHaveAccessibleDescription('Dates on the site follow it.');
    expect(select).not.toBeInvalid();
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(
      <Field id="zone" label="Time zone" hint="Dates on the site follow it." error="Pick a zone.">
        {(control) => (
          <select {...control}>
            <option>America/Chicago</option>
          </select>
        )}
      </Field>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Pick a zone.');
    expect(select).toBeInvalid();
    expect(select).toHaveAccessibleDescription('Pick a zone. Dates on the site follow it.');
  });
});
