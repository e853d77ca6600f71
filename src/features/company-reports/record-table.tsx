import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { columnFields, columnHeader, formatField, isNumeric } from '~/ui/entity/columns.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import { dialogOnScreen } from '~/ui/when-no-dialog.ts';

/**
 * A company's report rows as a keyboard table (all rows loaded; a company has tens, not
 * thousands): J/K or ↓/↑ move the focused row (J/K from anywhere on the page), Home/End jump,
 * Enter edits the focused row, Delete asks to delete it. The focused row is the one holding DOM
 * focus, drawn with the focus ring.
 */

export interface RecordColumn<T> {
  /** Persian header; amounts carry their unit ("مبلغ فروش (ریال)"). */
  header: string;
  cell(row: T): ReactNode;
  numeric?: boolean;
  width?: string;
}

/**
 * The table's columns of a report's description: its fields with `column`, in the columns' order,
 * each formatted by its type and format; a column that takes the spare width has no fixed one.
 */
export function recordColumns<F extends Record<string, EntityField>, Row extends Record<string, unknown>>(
  entity: EntityDescription<F>,
): RecordColumn<Row>[] {
  return columnFields(entity).map(([name, f]) => ({
    header: columnHeader(f),
    cell: (row) => formatField(f, row[name]),
    numeric: isNumeric(f) && f.format !== 'month',
    width: f.column?.grow ? undefined : `${f.column?.width}px`,
  }));
}

export interface RecordTableProps<T> {
  caption: string;
  columns: readonly RecordColumn<T>[];
  rows: readonly T[];
  getKey(row: T): number;
  /** Enter on a row (when editing is allowed). */
  onEdit?(row: T): void;
  /** Delete on a row (when editing is allowed). */
  onDelete?(row: T): void;
  /** Extra body rows after the data (totals), as cells per column. */
  footer?: { key: string; cells: ReactNode[] }[];
}

/** The report screens' bordered surface (the table's frame, a chart's figure). */
export const panel = css({
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  bg: 'surface',
});
const wrap = cx(panel, css({ overflowX: 'auto' }));
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
  '& tbody tr[data-row]': { cursor: 'default', outline: 'none' },
  '& tbody tr[data-row]:hover': { bg: 'canvas' },
  '& tbody tr[data-row]:focus-visible, & tbody tr[data-row]:focus': {
    bg: 'first.soft',
    boxShadow: 'inset 0 0 0 2px token(colors.fourth)',
  },
  '& tr[data-total] td': { fontWeight: 600, bg: 'canvas' },
});

export function RecordTable<T>({
  caption,
  columns,
  rows,
  getKey,
  onEdit,
  onDelete,
  footer,
}: RecordTableProps<T>) {
  const body = useRef<HTMLTableSectionElement>(null);
  const [focus, setFocus] = useState(0);
  const index = Math.min(focus, Math.max(rows.length - 1, 0));

  const focusRow = (i: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, i));
    setFocus(next);
    body.current?.querySelectorAll<HTMLElement>('tr[data-row]')[next]?.focus();
  };
  const inTable = () => !!body.current?.contains(document.activeElement);
  // J/K from anywhere on the page (not while typing, which the shortcut binder skips).
  useShortcuts({
    KeyJ: (e) => {
      if (dialogOnScreen() || inTable() || rows.length === 0) return;
      e.preventDefault();
      focusRow(index);
    },
    KeyK: (e) => {
      if (dialogOnScreen() || inTable() || rows.length === 0) return;
      e.preventDefault();
      focusRow(index);
    },
  });

  // Keep the focused row in range after a delete.
  useEffect(() => {
    if (focus > rows.length - 1 && rows.length > 0) setFocus(rows.length - 1);
  }, [rows.length, focus]);

  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>, i: number, row: T) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    switch (e.code) {
      case 'KeyJ':
      case 'ArrowDown':
        focusRow(i + 1);
        break;
      case 'KeyK':
      case 'ArrowUp':
        focusRow(i - 1);
        break;
      case 'Home':
        focusRow(0);
        break;
      case 'End':
        focusRow(rows.length - 1);
        break;
      case 'Enter':
      case 'NumpadEnter':
        if (!onEdit) return;
        onEdit(row);
        break;
      case 'Delete':
        if (!onDelete) return;
        onDelete(row);
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div className={wrap}>
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
        <tbody ref={body}>
          {rows.map((r, i) => (
            <tr
              key={getKey(r)}
              data-row=""
              tabIndex={i === index ? 0 : -1}
              aria-keyshortcuts={onEdit ? 'Enter Delete' : undefined}
              onFocus={() => setFocus(i)}
              onClick={() => focusRow(i)}
              onDoubleClick={() => onEdit?.(r)}
              onKeyDown={(e) => onKeyDown(e, i, r)}
            >
              {columns.map((c) => (
                <td key={c.header} data-numeric={c.numeric ? '' : undefined}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
          {footer?.map((f) => (
            <tr key={f.key} data-total="">
              {f.cells.map((cell, i) => (
                <td key={columns[i]?.header ?? i} data-numeric={columns[i]?.numeric ? '' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
