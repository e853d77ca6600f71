import type * as Plot from '@observablehq/plot';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';

const figureCss = css({ m: '0', '& svg': { fontFamily: 'inherit', overflow: 'visible', maxWidth: '100%' } });
const captionCss = {
  top: css({ fontSize: '12px', color: 'muted', mb: '2' }),
  bottom: css({ fontSize: '12px', color: 'muted', mt: '2' }),
};

/**
 * An Observable Plot chart drawn by `make` for its box's width (between 280 px and `maxWidth`),
 * with `alt` as its text alternative and `caption` above it (`captionAt="bottom"`: below). It is
 * drawn again when `make` changes (pass a memoised one to draw only when its data does) and when
 * the box is resized. The chart is left-to-right inside the right-to-left page; the same figures
 * belong in a table beside it, which the keyboard reaches.
 */
export function PlotFigure({
  make,
  alt,
  caption,
  captionAt = 'top',
  maxWidth = 720,
}: {
  make(width: number): ReturnType<typeof Plot.plot>;
  alt: string;
  caption: ReactNode;
  captionAt?: 'top' | 'bottom';
  maxWidth?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(([entry]) => {
      if (entry) setBoxWidth(Math.round(entry.contentRect.width));
    });
    watch.observe(box);
    return () => watch.disconnect();
  }, []);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const chart = make(Math.max(280, Math.min(maxWidth, boxWidth || box.clientWidth || maxWidth)));
    box.replaceChildren(chart);
    return () => chart.remove();
  }, [make, maxWidth, boxWidth]);
  const figcaption = <figcaption className={captionCss[captionAt]}>{caption}</figcaption>;
  return (
    <figure className={figureCss}>
      {captionAt === 'top' && figcaption}
      <div ref={ref} role="img" aria-label={alt} dir="ltr" />
      {captionAt === 'bottom' && figcaption}
    </figure>
  );
}
