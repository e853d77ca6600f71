import { type ReactNode, useRef } from 'react';
import { css } from 'styled-system/css';
import { ScrollFrame, useScrollEdges } from '../scroll-frame.tsx';

/**
 * A small, fully loaded table with the list's look (shareholders of one company, a role's
 * users): semantic `<table>`, 34 px rows, numbers at the inline end in tabular digits. Long
 * lists belong in DataTable.
 */

export interface StaticColumn<T> {
  /** Persian header; amounts carry their unit ("تعداد سهام"). */
  header: string;
  cell(row: T): ReactNode;
  numeric?: boolean;
  /** CSS width (e.g. '12rem' or '20%'); the rest share what is left. */
  width?: string;
}

/** A row of a static table: keyed by its `id`. */
type Keyed = { id: string | number };

export interface StaticTableProps<T extends Keyed> {
  /** Accessible name of the table (visually hidden when the section heading already says it). */
  caption: string;
  columns: readonly StaticColumn<T>[];
  /** The rows, each keyed by its `id`. */
  rows: readonly T[];
  /** What an empty table says (and what to do about it). */
  empty: ReactNode;
  /** A totals row. */
  footer?: ReactNode[];
}

const wrap = css({ overflowX: 'auto' });
const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '13px',
  '& caption': { srOnly: true },
  '& th, & td': {
    height: '34px',
    px: '3',
    textAlign: 'start',
    borderBottomWidth: '1px',
    borderBottomStyle: 'solid',
    borderBottomColor: 'line',
    whiteSpace: 'nowrap',
  },
  '& thead th': { bg: 'subtle', fontWeight: 600, borderBottomColor: 'line.strong' },
  '& [data-numeric]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  '& tbody tr:hover': { bg: 'canvas' },
  '& tfoot td': { fontWeight: 600, borderBottom: 'none' },
  '& a': { color: 'first.text', textDecoration: 'none', _hover: { textDecoration: 'underline' } },
});
const emptyCss = css({ py: '6', px: '4', color: 'muted', textAlign: 'center', fontSize: '13px' });

export function StaticTable<T extends Keyed>(props: StaticTableProps<T>) {
  if (props.rows.length === 0) return <p className={emptyCss}>{props.empty}</p>;
  return <ScrollingTable {...props} />;
}

/**
 * The table in a box that scrolls sideways when it is wider than the screen: then a shadow shows
 * on the side where more columns are, and the box is a Tab stop of its own (named after the
 * table) that the arrow keys scroll.
 */
function ScrollingTable<T extends Keyed>({ caption, columns, rows, footer }: StaticTableProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(box);
  // Only while it scrolls: a named region that Tab stops on and the arrow keys scroll.
  const reachable =
    edges.start || edges.end
      ? { tabIndex: 0, role: 'region', 'aria-label': `${caption}؛ به پهلو پیمایش می‌شود` }
      : undefined;
  return (
    <ScrollFrame edges={edges}>
      <div ref={box} className={wrap} {...reachable}>
        <table className={table}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th
                  key={c.header}
                  scope="col"
                  data-numeric={c.numeric ? '' : undefined}
                  style={{ width: c.width }}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                {columns.map((c) => (
                  <td key={c.header} data-numeric={c.numeric ? '' : undefined}>
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {footer && (
            <tfoot>
              <tr>
                {footer.map((f, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: footer cells follow the columns
                  <td key={i} data-numeric={columns[i]?.numeric ? '' : undefined}>
                    {f}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </ScrollFrame>
  );
}
