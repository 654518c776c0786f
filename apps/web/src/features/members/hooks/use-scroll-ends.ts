import { useEffect, useState, type RefObject } from 'react';

export interface ScrollEnds {
  /** More lies before what shows (scrolled away at the start). */
  before: boolean;
  /** More lies past the visible end. */
  after: boolean;
}

/** A pixel of rounding is not more to see. */
const SLACK = 1;

/**
 * Which ends of a sideways-scrolling element hide something, kept up as it scrolls and as the
 * window changes width: what its edges fade to say it goes on.
 */
export function useScrollEnds(ref: RefObject<HTMLElement | null>): ScrollEnds {
  const [ends, setEnds] = useState<ScrollEnds>({ before: false, after: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const { scrollLeft, scrollWidth, clientWidth } = element;
      const before = scrollLeft > SLACK;
      const after = scrollLeft + clientWidth < scrollWidth - SLACK;
      setEnds((now) => (now.before === before && now.after === after ? now : { before, after }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      element.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return ends;
}
