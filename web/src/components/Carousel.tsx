// A horizontal strip of cards with previous/next buttons that scroll 320 px per click (seed §9). It stays a plain
// scrollable list underneath, so touch, trackpad and keyboard scrolling work too; the buttons disable at either end.
import { Children, isValidElement, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { Icon } from './Icon';

/** Seed §9: the carousel scrolls 320 px per click. */
export const CAROUSEL_STEP_PX = 320;

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export interface CarouselProps {
  /** Accessible name of the carousel. */
  label: string;
  children: ReactNode;
  /** Classes of each slide (its width). */
  itemClassName?: string;
  testId?: string;
}

export function Carousel({ label, children, itemClassName = 'w-72 sm:w-80', testId }: CarouselProps) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const max = el.scrollWidth - el.clientWidth;
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft >= max - 1 });
  }, []);

  useEffect(() => {
    measure();
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  const scrollBy = (direction: 1 | -1) => {
    const el = scroller.current;
    if (!el) return;
    const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
    if (typeof el.scrollBy === 'function') el.scrollBy({ left: direction * CAROUSEL_STEP_PX, behavior });
    else el.scrollLeft += direction * CAROUSEL_STEP_PX;
    measure();
  };

  const arrow = 'inline-flex h-11 w-11 items-center justify-center rounded-full bg-white text-ink-900 shadow-md ring-1 ring-cream-300 transition-opacity hover:bg-cream-100 disabled:opacity-40';

  return (
    <div role="group" aria-roledescription={t('carousel.roledescription')} aria-label={label} className="relative" data-testid={testId}>
      <div className="mb-4 flex justify-end gap-2">
        <button type="button" className={arrow} onClick={() => scrollBy(-1)} disabled={edges.start} aria-label={t('carousel.previous')} data-testid="carousel-previous">
          <Icon name="chevron-down" className="h-5 w-5 rotate-90" />
        </button>
        <button type="button" className={arrow} onClick={() => scrollBy(1)} disabled={edges.end} aria-label={t('carousel.next')} data-testid="carousel-next">
          <Icon name="chevron-down" className="h-5 w-5 -rotate-90" />
        </button>
      </div>
      <div
        ref={scroller}
        onScroll={measure}
        tabIndex={0}
        role="region"
        aria-label={label}
        className="-mx-4 overflow-x-auto scroll-smooth px-4 pb-4 [scrollbar-width:thin] snap-x snap-mandatory focus-visible:outline-offset-4 sm:mx-0 sm:px-0"
        data-testid="carousel-scroller"
      >
        <ul className="flex gap-4">
          {Children.toArray(children).map((child, i) => (
            <li key={(isValidElement(child) && child.key) || i} className={`shrink-0 snap-start ${itemClassName}`}>
              {child}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
