import { type KeyboardEvent, useRef } from 'react';
import { css } from 'styled-system/css';
import type { TableSpec } from '~/contract/status-report.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Button } from '~/ui/button.tsx';
import { CellControl } from './controls.tsx';
import type { Cell, RowValues } from './form-values.ts';

/**
 * A section's table as editable rows. Keys (on the physical key, listed in the `?` sheet):
 * Alt+N adds a row after the one holding focus (or at the end) and focuses its first cell;
 * Alt+Backspace removes the row holding focus and moves focus to its neighbour.
 */

export const ADD_ROW_KEY = 'Alt+KeyN';
export const REMOVE_ROW_KEY = 'Alt+Backspace';

const wrap = css({
  overflowX: 'auto',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '4px',
});
const table = css({
  w: '100%',
  borderCollapse: 'collapse',
  fontSize: '13px',
  '& th': {
    textAlign: 'start',
    fontWeight: 600,
    bg: 'subtle',
    px: '2',
    py: '1.5',
    borderBlockEndWidth: '1px',
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: 'line',
    whiteSpace: 'nowrap',
  },
  '& td': { px: '1', py: '1', verticalAlign: 'top', minW: '7rem' },
  '& tr:focus-within td': { bg: 'first.soft' },
});
const numCell = css({
  w: '2.5rem',
  minW: '2.5rem !important',
  textAlign: 'center',
  color: 'muted',
  pt: '2 !important',
});
const foot = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  p: '2',
  fontSize: '12px',
  color: 'muted',
});
const tableError = css({ p: '2', fontSize: '12px', color: 'danger' });

export interface RowTableProps {
  spec: TableSpec;
  rows: RowValues[];
  errors: Record<string, string[]>;
  onChange(rows: RowValues[]): void;
  blank(): RowValues;
}

/** The editable rows of `spec` with their messages (`rows.{i}.{column}`) in the cells. */
export function RowTable({ spec, rows, errors, onChange, blank }: RowTableProps) {
  const ref = useRef<HTMLTableSectionElement>(null);
  const focusRow = (i: number) =>
    requestAnimationFrame(() =>
      ref.current?.querySelectorAll('tr')[i]?.querySelector<HTMLElement>('input, select, textarea')?.focus(),
    );
  const rowOf = (el: EventTarget | null) => {
    const tr = (el as HTMLElement | null)?.closest?.('tr[data-row]');
    return tr ? Number((tr as HTMLElement).dataset.row) : -1;
  };
  const add = (after: number) => {
    if (rows.length >= spec.max) return;
    const at = after < 0 ? rows.length : after + 1;
    onChange([...rows.slice(0, at), blank(), ...rows.slice(at)]);
    focusRow(at);
  };
  const remove = (i: number) => {
    onChange(rows.filter((_, j) => j !== i));
    if (rows.length > 1) focusRow(Math.min(i, rows.length - 2));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.code === 'KeyN') {
      e.preventDefault();
      add(rowOf(e.target));
    } else if (e.code === 'Backspace') {
      const i = rowOf(e.target);
      if (i < 0) return;
      e.preventDefault();
      remove(i);
    }
  };

  const general = errors.rows?.[0];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys act on the row holding focus inside
    <div className={wrap} onKeyDown={onKeyDown}>
      <table className={table} aria-label={spec.title}>
        <thead>
          <tr>
            <th scope="col" className={numCell}>
              ردیف
            </th>
            {spec.columns.map((c) => (
              <th key={c.name} scope="col">
                {c.label}
              </th>
            ))}
            <th scope="col">
              <span className={css({ srOnly: true })}>حذف</span>
            </th>
          </tr>
        </thead>
        <tbody ref={ref}>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; their position is their name
            <tr key={i} data-row={i}>
              <td className={numCell}>{toPersianDigits(i + 1)}</td>
              {spec.columns.map((c) => (
                <td key={c.name}>
                  <CellControl
                    spec={c}
                    name={`rows.${i}.${c.name}`}
                    label={`${c.label}، ردیف ${toPersianDigits(i + 1)}`}
                    value={row[c.name] ?? ''}
                    error={errors[`rows.${i}.${c.name}`]?.[0]}
                    onChange={(v: Cell) =>
                      onChange(rows.map((r, j) => (j === i ? { ...r, [c.name]: v } : r)))
                    }
                  />
                </td>
              ))}
              <td>
                <Button
                  size="sm"
                  tone="ghost"
                  aria-label={`حذف ردیف ${toPersianDigits(i + 1)}`}
                  title="حذف ردیف (Alt+Backspace)"
                  onClick={() => remove(i)}
                >
                  ✕
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {general && (
        <div role="alert" className={tableError}>
          {general}
        </div>
      )}
      <div className={foot}>
        <Button size="sm" shortcut={ADD_ROW_KEY} onClick={() => add(-1)} disabled={rows.length >= spec.max}>
          افزودن ردیف
        </Button>
        <span>
          {rows.length ? `${toPersianDigits(rows.length)} ردیف` : 'ردیفی ندارد'}؛ Alt+Backspace ردیف جاری را
          حذف می‌کند
        </span>
      </div>
    </div>
  );
}
