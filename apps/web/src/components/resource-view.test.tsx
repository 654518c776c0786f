import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActionNotice, noticeOf } from './resource-view';

describe('an action’s notice', () => {
  it('says what was done as a status, from the answer’s data where it names it', () => {
    const blocked = { ok: true as const, status: 200, data: { value: 'spam.example' } };
    render(<ActionNotice notice={noticeOf(blocked, (data) => `Blocked ${data.value}.`)} />);
    expect(screen.getByRole('status')).toHaveTextContent('Blocked spam.example.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces the API’s message when the action was refused', () => {
    const refused = {
      ok: false as const,
      status: 403,
      code: 'FORBIDDEN',
      message: 'You do not have permission to do that.',
    };
    render(<ActionNotice notice={noticeOf(refused, 'Comment hidden.')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have permission to do that.');
    expect(screen.queryByText('Comment hidden.')).toBeNull();
  });
});
