import type { OAuthProvider } from '@quillpost/domain';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ProviderButtons, useFocusOnFirstProvider } from './provider-buttons';

/** A heading that has focus first, as the dialog's has, and the providers once "known". */
function Choice({ onChoose = () => {} }: { onChoose?(provider: OAuthProvider): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [available, setAvailable] = useState<readonly OAuthProvider[] | null>(null);
  const list = useFocusOnFirstProvider(available, heading);
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>
        Sign in
      </h2>
      <input aria-label="Elsewhere" />
      <button type="button" onClick={() => setAvailable(['google', 'github'])}>
        Known
      </button>
      {available ? (
        <ProviderButtons
          providers={available}
          listRef={list}
          disabled={false}
          onChoose={onChoose}
        />
      ) : null}
    </>
  );
}

describe('the provider buttons', () => {
  it('take focus from the heading once the providers are known, and say which they start', async () => {
    const onChoose = vi.fn();
    const user = userEvent.setup();
    render(<Choice onChoose={onChoose} />);
    screen.getByRole('heading').focus();
    // Known without the reader moving focus, as the server's answer arrives.
    act(() => screen.getByRole('button', { name: 'Known' }).click());
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Continue with GitHub' }));
    expect(onChoose).toHaveBeenCalledWith('github');
  });

  it('leave focus where the reader put it', async () => {
    const user = userEvent.setup();
    render(<Choice />);
    await user.click(screen.getByLabelText('Elsewhere'));
    act(() => screen.getByRole('button', { name: 'Known' }).click());
    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(screen.getByLabelText('Elsewhere')).toHaveFocus();
  });
});
