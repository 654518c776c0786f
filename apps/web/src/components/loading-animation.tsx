/**
 * The loading animation of spec section 9: seven variants in three sizes, an optional progress
 * bar clamped to 0-100, and a typewriter that types one character every 100 ms and rests 2 s on
 * the full text. Motion is CSS-only except the typewriter's text; with prefers-reduced-motion the
 * pictures hold still and the typewriter shows its whole text at once.
 *
 * For assistive technology it is one polite status region with a steady label: the moving parts
 * are hidden from it, so a typing animation never reads out letter by letter.
 */
import {
  clampProgress,
  LOADING_ANIMATION,
  SHELL_MESSAGES,
  TYPEWRITER,
  type LoadingAnimationSize,
  type LoadingAnimationVariant,
} from '@quillpost/domain';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { usePrefersReducedMotion } from '../lib/use-reduced-motion';
import './loading-animation.css';

export interface LoadingAnimationProps {
  variant?: LoadingAnimationVariant;
  size?: LoadingAnimationSize;
  /** What is loading, read by screen readers and shown under the picture; 'Loading page...' by default. */
  label?: string;
  /** The typewriter's text; the label by default. */
  text?: string;
  /** 0-100; values outside are clamped. Shows a progress bar when given. */
  progress?: number;
  /** Show the label under the picture (it is always announced). */
  showLabel?: boolean;
  /** Fade in after a short moment, so fast loads never flash an animation. */
  defer?: boolean;
  className?: string;
}

export const DEFAULT_LOADING_VARIANT: LoadingAnimationVariant = 'pulse';
export const DEFAULT_LOADING_SIZE: LoadingAnimationSize = 'medium';

/**
 * The typed part of `text`: empty at first, one more character every charIntervalMs, and after
 * the full text has rested for pauseMs, empty again. Disabled, it is the whole text. One steady
 * interval drives it, so the rhythm does not drift with render timing.
 */
export function useTypewriter(text: string, enabled: boolean): string {
  const [typed, setTyped] = useState({ text, count: 0, restTicks: 0 });
  // A new text starts from nothing, without an extra render.
  const count = typed.text === text ? typed.count : 0;

  useEffect(() => {
    if (!enabled || text.length === 0) return;
    const pauseTicks = Math.round(TYPEWRITER.pauseMs / TYPEWRITER.charIntervalMs);
    const timer = setInterval(() => {
      setTyped((previous) => {
        const current = previous.text === text ? previous : { text, count: 0, restTicks: 0 };
        if (current.count < text.length) return { text, count: current.count + 1, restTicks: 0 };
        if (current.restTicks + 1 < pauseTicks) {
          return { ...current, restTicks: current.restTicks + 1 };
        }
        return { text, count: 0, restTicks: 0 };
      });
    }, TYPEWRITER.charIntervalMs);
    return () => clearInterval(timer);
  }, [text, enabled]);

  return enabled ? text.slice(0, count) : text;
}

function Typewriter({ text }: { text: string }) {
  const reducedMotion = usePrefersReducedMotion();
  const typed = useTypewriter(text, !reducedMotion);
  return (
    <span className="loading__typewriter" data-testid="typewriter-text">
      <span className="loading__typed">{typed}</span>
      <span className="loading__caret" />
    </span>
  );
}

function Rocket() {
  return (
    <span className="loading__rocket">
      <span className="loading__stars">
        <span />
        <span />
        <span />
      </span>
      <svg className="loading__rocket-body" viewBox="0 0 32 48" focusable="false">
        <path
          className="loading__rocket-flame"
          d="M12.5 37c0 5 1.8 8.5 3.5 10.5 1.7-2 3.5-5.5 3.5-10.5z"
        />
        <path className="loading__rocket-fin" d="M9 24 3 31v6l7-4zM23 24l6 7v6l-7-4z" />
        <path
          className="loading__rocket-hull"
          d="M16 1c5.5 4.5 8 11.5 8 19 0 6-1.3 11.5-3 16H11c-1.7-4.5-3-10-3-16 0-7.5 2.5-14.5 8-19z"
        />
        <circle className="loading__rocket-window" cx="16" cy="17" r="3.6" />
      </svg>
    </span>
  );
}

function Repeat({ count, className }: { count: number; className: string }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className={className} style={{ '--index': index } as CSSProperties} />
      ))}
    </>
  );
}

function Picture({ variant, text }: { variant: LoadingAnimationVariant; text: string }): ReactNode {
  switch (variant) {
    case 'rocket':
      return <Rocket />;
    case 'pulse':
      return (
        <span className="loading__pulse">
          <Repeat count={2} className="loading__ring" />
          <span className="loading__core" />
        </span>
      );
    case 'typewriter':
      return <Typewriter text={text} />;
    case 'books':
      return (
        <span className="loading__books">
          <Repeat count={4} className="loading__book" />
          <span className="loading__shelf" />
        </span>
      );
    case 'documents':
      return (
        <span className="loading__documents">
          <Repeat count={3} className="loading__document" />
        </span>
      );
    case 'grid':
      return (
        <span className="loading__grid">
          {Array.from({ length: 9 }, (_, index) => (
            <span
              key={index}
              className="loading__cell"
              // Cells light up along the diagonals, top left to bottom right.
              style={{ '--index': (index % 3) + Math.floor(index / 3) } as CSSProperties}
            />
          ))}
        </span>
      );
    case 'wave':
      return (
        <span className="loading__wave">
          <Repeat count={5} className="loading__bar" />
        </span>
      );
  }
}

export function isLoadingVariant(value: unknown): value is LoadingAnimationVariant {
  return (LOADING_ANIMATION.variants as readonly unknown[]).includes(value);
}

export function LoadingAnimation({
  variant = DEFAULT_LOADING_VARIANT,
  size = DEFAULT_LOADING_SIZE,
  label = SHELL_MESSAGES.PAGE_LOADING,
  text,
  progress,
  showLabel = variant !== 'typewriter',
  defer = false,
  className,
}: LoadingAnimationProps) {
  const clamped = progress === undefined ? undefined : clampProgress(progress);
  const classes = [
    'loading',
    `loading--${variant}`,
    `loading--${size}`,
    defer ? 'loading--deferred' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={classes}
      role="status"
      aria-live="polite"
      aria-label={label}
      data-variant={variant}
      data-size={size}
    >
      <span className="loading__visual" aria-hidden="true">
        <Picture variant={variant} text={text ?? label} />
      </span>
      <span className={showLabel ? 'loading__label' : 'visually-hidden'}>{label}</span>
      {clamped !== undefined ? (
        <span
          className="loading__progress"
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(clamped)}
        >
          <span className="loading__progress-track">
            <span
              className="loading__progress-fill"
              style={{ '--progress': `${clamped}%` } as CSSProperties}
            />
          </span>
          <span className="loading__progress-value">{Math.round(clamped)}%</span>
        </span>
      ) : null}
    </div>
  );
}
