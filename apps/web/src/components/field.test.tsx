import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { TextField } from './text-field';

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

  it('reads the hint before the control and the count after it, both describing it', () => {
    render(
      <Field id="bio" label="Short bio" hint="Plain text." count="12 / 160">
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const bio = screen.getByRole('textbox', { name: 'Short bio' });
    expect(bio).toHaveAccessibleDescription('Plain text. 12 / 160');
    const hint = screen.getByText('Plain text.');
    const count = screen.getByText('12 / 160');
    expect(hint.compareDocumentPosition(bio) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(bio.compareDocumentPosition(count) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Typing changes the count: it is said without the reader leaving the field.
    expect(count).toHaveAttribute('aria-live', 'polite');
  });

  it('names a control whose label is not shown, and sits in its parent’s row when inline', () => {
    const { container } = render(
      <div className="toolbar">
        <TextField id="ban" label="Ban length" labelHidden inline error="Give a reason." />
      </div>,
    );
    const input = screen.getByRole('textbox', { name: 'Ban length' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Give a reason.');
    expect(screen.getByText('Ban length')).toHaveClass('visually-hidden');
    // No box of its own: the label, the input and the error are the toolbar's children.
    expect(container.querySelector('.toolbar > .field')).toBeNull();
    expect(input.parentElement).toHaveClass('toolbar');
  });
});
