/**
 * The loading animation of spec section 9: seven variants in three sizes, an optional progress
 * bar clamped to 0-100, and a typewriter that types one character every 100 ms and rests 2 s on
 * the full text. Motion is CSS-only except the typewriter's text; with prefers-reduced-motion the
 * pictures hold still and the typewriter shows its whole text at once.
 *
 * For assistive technology it is one polite status region with a steady label: the moving parts
 * are hidden from it, so a typing animation never reads out letter by letter. The region and its
 * label render at once; the picture (loading-picture.tsx) follows as its own small chunk.
 */
import {
  clampProgress,
  LOADING_ANIMATION,
  SHELL_MESSAGES,
  type LoadingAnimationSize,
  type LoadingAnimationVariant,
} from '@quillpost/domain';
import { lazy, Suspense, type CSSProperties } from 'react';
import './loading-animation.css';

// The pictures are most of this component's code and nothing a reader needs to see at once.
const LoadingPicture = lazy(() => import('./loading-picture'));

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
        <Suspense fallback={null}>
          <LoadingPicture variant={variant} text={text ?? label} />
        </Suspense>
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
