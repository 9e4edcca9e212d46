import { type HTMLAttributes, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.js';

interface Edges {
  /** The content is wider than the box. */
  over: boolean;
  atStart: boolean;
  atEnd: boolean;
}

const NONE: Edges = { over: false, atStart: true, atEnd: true };

/**
 * A box that scrolls sideways when its content (a wide table) is wider than the screen, and says
 * so (on a phone the important last columns, ANOVA's F and p, a row's actions, an
 * account's role, an entry's changes, were out of view with no cue): a shadow on the side where
 * more is hidden, and above the box a "Deslize para ver mais →" button that scrolls to the end
 * (and back). Nothing shows when the content fits, nor on paper. `className` and the other
 * attributes go to the scrolling box itself, the content's parent.
 */
export function ScrollX({ children, className, ...rest }: HTMLAttributes<HTMLDivElement> & { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>(NONE);

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const over = el.scrollWidth > el.clientWidth + 1;
    const next = { over, atStart: !over || el.scrollLeft <= 1, atEnd: !over || el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 };
    setEdges((prev) => (prev.over === next.over && prev.atStart === next.atStart && prev.atEnd === next.atEnd ? prev : next));
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // A ResizeObserver reports the sizes once when it starts observing, then on every change.
    if (typeof ResizeObserver === 'undefined') {
      const frame = requestAnimationFrame(measure);
      window.addEventListener('resize', measure);
      return () => {
        cancelAnimationFrame(frame);
        window.removeEventListener('resize', measure);
      };
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);

  const jump = () => {
    const el = ref.current;
    if (!el) return;
    el.scrollTo({ left: edges.atEnd ? 0 : el.scrollWidth, behavior: 'smooth' });
  };

  return (
    <div className="min-w-0">
      {edges.over ? (
        <div className="flex justify-end border-b border-soil-100 bg-white px-2 print:hidden">
          <button
            type="button"
            onClick={jump}
            data-testid="scroll-hint"
            className="inline-flex min-h-11 items-center gap-1 px-1 text-xs font-medium text-brand-700 hover:underline sm:min-h-8"
          >
            {edges.atEnd ? '← Voltar ao início da tabela' : 'Deslize para ver mais →'}
          </button>
        </div>
      ) : null}
      <div className="relative">
        <div ref={ref} onScroll={measure} className={cn('overflow-x-auto', className)} {...rest}>
          {children}
        </div>
        <div
          aria-hidden
          className={cn(
            'pointer-events-none absolute inset-y-0 right-0 w-6 bg-gradient-to-l from-slate-900/20 to-transparent transition-opacity print:hidden',
            edges.atEnd ? 'opacity-0' : 'opacity-100',
          )}
        />
      </div>
    </div>
  );
}
