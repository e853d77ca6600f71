import { css, cx } from 'styled-system/css';
import type { TableSpec } from '~/contract/status-report.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Button } from '~/ui/button.tsx';
import { ADD_ROW_KEY, editableRowsCss as rowsCss, useEditableRows } from '~/ui/editable-rows.ts';
import { CellControl } from './controls.tsx';
import type { Cell, RowValues } from './form-values.ts';

/**
 * A section's table as editable rows. Keys (on the physical key, listed in the `?` sheet):
 * Alt+N adds a row after the one holding focus (or at the end) and focuses its first cell;
 * Alt+Backspace removes the row holding focus and moves focus to its neighbour.
 */

// Wide sections scroll sideways; every cell keeps room for its control.
const wrap = cx(rowsCss.wrap, css({ overflowX: 'auto' }));
const table = cx(rowsCss.table, css({ '& td': { minW: '7rem' } }));

export interface RowTableProps {
  spec: TableSpec;
  rows: RowValues[];
  errors: Record<string, string[]>;
  onChange(rows: RowValues[]): void;
  blank(): RowValues;
}

/** The editable rows of `spec` with their messages (`rows.{i}.{column}`) in the cells. */
export function RowTable({ spec, rows, errors, onChange, blank }: RowTableProps) {
  const { bodyRef, onKeyDown, add, remove, update } = useEditableRows({
    rows,
    onChange,
    blank,
    max: spec.max,
  });

  const general = errors.rows?.[0];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys act on the row holding focus inside
    <div className={wrap} onKeyDown={onKeyDown}>
      <table className={table} aria-label={spec.title}>
        <thead>
          <tr>
            <th scope="col" className={rowsCss.num}>
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
        <tbody ref={bodyRef}>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; their position is their name
            <tr key={i} data-row={i}>
              <td className={rowsCss.num}>{toPersianDigits(i + 1)}</td>
              {spec.columns.map((c) => (
                <td key={c.name}>
                  <CellControl
                    spec={c}
                    name={`rows.${i}.${c.name}`}
                    label={`${c.label}، ردیف ${toPersianDigits(i + 1)}`}
                    value={row[c.name] ?? ''}
                    error={errors[`rows.${i}.${c.name}`]?.[0]}
                    onChange={(v: Cell) => update(i, { [c.name]: v })}
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
        <div role="alert" className={rowsCss.error}>
          {general}
        </div>
      )}
      <div className={rowsCss.foot}>
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
