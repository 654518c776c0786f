import { LOADING_ANIMATION, MESSAGES, TYPEWRITER } from '@quillpost/domain';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingAnimation } from './loading-animation';
import LoadingPicture from './loading-picture';

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('LoadingAnimation', () => {
  it('is a polite status region named by its label, with the picture hidden from readers', () => {
    render(<LoadingAnimation label="Loading the bookshelf" />);
    const status = screen.getByRole('status', { name: 'Loading the bookshelf' });
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Loading the bookshelf');
    expect(status.querySelector('.loading__visual')).toHaveAttribute('aria-hidden', 'true');
  });

  it("defaults to the spec's 'Loading page...' label, pulse variant and medium size", () => {
    render(<LoadingAnimation />);
    const status = screen.getByRole('status', { name: MESSAGES.PAGE_LOADING });
    expect(status).toHaveAttribute('data-variant', 'pulse');
    expect(status).toHaveAttribute('data-size', 'medium');
  });

  it.each(LOADING_ANIMATION.variants)('renders the %s variant in every size', async (variant) => {
    for (const size of LOADING_ANIMATION.sizes) {
      const { unmount } = render(<LoadingAnimation variant={variant} size={size} />);
      const status = screen.getByRole('status');
      expect(status).toHaveClass(`loading--${variant}`, `loading--${size}`);
      // The picture is a lazy chunk: the region is there at once, the picture right after.
      await waitFor(() =>
        expect(status.querySelector('.loading__visual')?.childElementCount).toBeGreaterThan(0),
      );
      unmount();
    }
  });

  it.each([
    [-20, 0],
    [0, 0],
    [42.4, 42],
    [100, 100],
    [250, 100],
    [Number.NaN, 0],
  ])('clamps progress %s to %s', (progress, shown) => {
    render(<LoadingAnimation progress={progress} label="Uploading" />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading' });
    expect(bar).toHaveAttribute('aria-valuenow', String(shown));
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveTextContent(`${shown}%`);
  });

  it('shows no progress bar without a progress value', () => {
    render(<LoadingAnimation />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  // The typewriter's timing, on the picture itself (LoadingAnimation loads it lazily).
  describe('typewriter', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      mockReducedMotion(false);
    });

    const typed = () => screen.getByTestId('typewriter-text').textContent;

    it('types one character every 100 ms, rests 2 s on the full text, then starts over', () => {
      const text = 'Hello';
      render(<LoadingPicture variant="typewriter" text={text} />);
      expect(typed()).toBe('');

      act(() => vi.advanceTimersByTime(TYPEWRITER.charIntervalMs - 1));
      expect(typed()).toBe('');
      act(() => vi.advanceTimersByTime(1));
      expect(typed()).toBe('H');
      act(() => vi.advanceTimersByTime(TYPEWRITER.charIntervalMs));
      expect(typed()).toBe('He');
      act(() => vi.advanceTimersByTime(TYPEWRITER.charIntervalMs * 3));
      expect(typed()).toBe(text);

      // The full text rests for the whole pause...
      act(() => vi.advanceTimersByTime(TYPEWRITER.pauseMs - 1));
      expect(typed()).toBe(text);
      // ...then the typing starts again from nothing.
      act(() => vi.advanceTimersByTime(1));
      expect(typed()).toBe('');
      act(() => vi.advanceTimersByTime(TYPEWRITER.charIntervalMs));
      expect(typed()).toBe('H');
    });

    it('types the label when no text is given, and announces the whole label at once', async () => {
      vi.useRealTimers();
      render(<LoadingAnimation variant="typewriter" label="Loading" />);
      expect(screen.getByRole('status', { name: 'Loading' })).toHaveTextContent('Loading');
      expect(await screen.findByTestId('typewriter-text')).toBeInTheDocument();
      await waitFor(() => expect(typed()).toBe('Lo'));
    });

    it('starts over when the text changes', () => {
      const { rerender } = render(<LoadingPicture variant="typewriter" text="abc" />);
      act(() => vi.advanceTimersByTime(TYPEWRITER.charIntervalMs * 2));
      expect(typed()).toBe('ab');
      rerender(<LoadingPicture variant="typewriter" text="xyz" />);
      expect(typed()).toBe('');
      act(() => vi.advanceTimersByTime(TYPEWRITER.charIntervalMs));
      expect(typed()).toBe('x');
    });

    it('shows the whole text without typing when the reader prefers reduced motion', () => {
      mockReducedMotion(true);
      render(<LoadingPicture variant="typewriter" text="Hello" />);
      expect(typed()).toBe('Hello');
      act(() => vi.advanceTimersByTime(TYPEWRITER.pauseMs * 3));
      expect(typed()).toBe('Hello');
    });
  });
});
