import { type ReactNode, type RefObject, useEffect, useState } from 'react';
import { css } from 'styled-system/css';

/** Which sides of a box that scrolls sideways have more to see: its inline start and end. */
export interface ScrollEdges {
  start: boolean;
  end: boolean;
}

const NONE: ScrollEdges = { start: false, end: false };

/**
 * The sides of `ref`'s box with more content beyond them, kept in step with its scrolling, its
 * size and its content's size (rows loaded, columns shown or widened).
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState(NONE);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      const hidden = el.scrollWidth - el.clientWidth;
      // 0 at the inline start; in right to left the offset runs negative toward the end.
      const at = Math.abs(el.scrollLeft);
      const next = { start: hidden > 1 && at > 1, end: hidden > 1 && at < hidden - 1 };
      setEdges((e) => (e.start === next.start && e.end === next.end ? e : next));
    };
    const later = () => {
      frame ||= requestAnimationFrame(read);
    };
    read();
    el.addEventListener('scroll', later, { passive: true });
    const observer = new ResizeObserver(later);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', later);
      observer.disconnect();
    };
  }, [ref]);
  return edges;
}

const frameCss = css({ position: 'relative', minWidth: 0 });
const edgeCss = css({
  position: 'absolute',
  insetBlock: '1px',
  w: '24px',
  zIndex: 2,
  pointerEvents: 'none',
  opacity: 0,
  transition: 'opacity 120ms ease-out',
  '&[data-shown]': { opacity: 1 },
  // In right to left the inline start is the right-hand side.
  '&[data-scroll-edge=start]': {
    insetInlineStart: '1px',
    bgImage: 'linear-gradient(to left, rgba(31, 31, 31, 0.22), transparent)',
    _ltr: { bgImage: 'linear-gradient(to right, rgba(31, 31, 31, 0.22), transparent)' },
  },
  '&[data-scroll-edge=end]': {
    insetInlineEnd: '1px',
    bgImage: 'linear-gradient(to right, rgba(31, 31, 31, 0.22), transparent)',
    _ltr: { bgImage: 'linear-gradient(to left, rgba(31, 31, 31, 0.22), transparent)' },
  },
});

/**
 * A frame around a box that scrolls sideways (a table wider than the screen): a shadow on each
 * side where more columns are, so that the cut is seen as a scroll and not as the table's end.
 */
export function ScrollFrame({ edges, children }: { edges: ScrollEdges; children: ReactNode }) {
  return (
    <div className={frameCss} data-scroll-frame="">
      {children}
      <span
        className={edgeCss}
        data-scroll-edge="start"
        data-shown={edges.start ? '' : undefined}
        aria-hidden
      />
      <span className={edgeCss} data-scroll-edge="end" data-shown={edges.end ? '' : undefined} aria-hidden />
    </div>
  );
}
