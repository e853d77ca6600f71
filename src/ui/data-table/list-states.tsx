import type { CSSProperties, ReactNode } from 'react';
import * as s from './styles.ts';

/** Grey bars in the shape of rows: what a list shows while its rows are on the way. */
export function SkeletonRow({ columns, style }: { columns: number; style: CSSProperties }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a placeholder row, nothing in it is focusable
    <tr className={s.row} style={style} aria-hidden="true" data-skeleton="">
      <td />
      {Array.from({ length: columns }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <td key={i} className={s.cell}>
          <span className={s.skeletonBar} style={{ width: `${45 + ((i * 37) % 45)}%` }} />
        </td>
      ))}
    </tr>
  );
}

/** A key cap in running text. */
export function Kbd({ children }: { children: ReactNode }) {
  return <kbd className={s.kbd}>{children}</kbd>;
}

/**
 * A message in place of the rows (empty list, failed load), as one row spanning the grid so
 * the grid's structure stays valid for screen readers.
 */
export function MessageRow({
  colCount,
  tone,
  title,
  children,
}: {
  colCount: number;
  tone?: 'danger';
  title: string;
  children?: ReactNode;
}) {
  return (
    <tr aria-rowindex={2} className={s.messageRow}>
      <td colSpan={colCount} className={s.message} data-tone={tone}>
        <strong>{title}</strong>
        {children}
      </td>
    </tr>
  );
}
