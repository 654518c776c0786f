/**
 * The moving part of the loading animation: one picture per variant, and the typewriter. A lazy
 * chunk of its own: loading-animation.tsx renders the status region at once and this inside it
 * as soon as it arrives, which is before a deferred animation fades in (220 ms).
 */
import { TYPEWRITER, type LoadingAnimationVariant } from '@quillpost/domain';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { usePrefersReducedMotion } from '../lib/use-reduced-motion';

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

export default function LoadingPicture({
  variant,
  text,
}: {
  variant: LoadingAnimationVariant;
  text: string;
}): ReactNode {
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
