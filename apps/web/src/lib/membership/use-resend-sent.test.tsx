import { RESEND_SENT_STATUS_MS } from '@quillpost/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useResendSent } from './use-resend-sent';

function Resend() {
  const [sentRecently, markResendSent] = useResendSent();
  return (
    <button type="button" onClick={markResendSent}>
      {sentRecently ? 'Sent' : 'Resend'}
    </button>
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useResendSent', () => {
  it('says "sent" for a while after a resend, counting again from the latest', () => {
    render(<Resend />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(screen.getByRole('button')).toHaveTextContent('Sent');
    act(() => vi.advanceTimersByTime(RESEND_SENT_STATUS_MS - 1000));
    fireEvent.click(screen.getByRole('button'));
    act(() => vi.advanceTimersByTime(RESEND_SENT_STATUS_MS - 1000));
    expect(screen.getByRole('button')).toHaveTextContent('Sent');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button')).toHaveTextContent('Resend');
  });

  it('leaves no timer behind once the page is gone', () => {
    const { unmount } = render(<Resend />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
