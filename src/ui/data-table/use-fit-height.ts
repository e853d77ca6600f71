import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The grid's height: it fills the window below its toolbar, whatever the layout around it, and
 * follows window resizes and the toolbar wrapping (the first child of `rootRef`).
 */
export function useFitHeight(
  scrollRef: RefObject<HTMLElement | null>,
  rootRef: RefObject<HTMLElement | null>,
): number {
  const [height, setHeight] = useState(480);
  useLayoutEffect(() => {
    const fitHeight = () => {
      const el = scrollRef.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(240, Math.floor(window.innerHeight - top - 16)));
    };
    fitHeight();
    const ro = new ResizeObserver(fitHeight);
    if (rootRef.current) ro.observe(rootRef.current.firstElementChild ?? rootRef.current);
    window.addEventListener('resize', fitHeight);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', fitHeight);
    };
  }, [scrollRef, rootRef]);
  return height;
}
