import { type KeyboardEvent, useRef } from 'react';
import { css } from 'styled-system/css';

/** Adds a row after the one holding focus (or at the end) and focuses its first control. */
export const ADD_ROW_KEY = 'Alt+KeyN';
/** Removes the row holding focus and moves the focus to its neighbour. */
export const REMOVE_ROW_KEY = 'Alt+Backspace';

/**
 * A table of editable rows (a board's seats, a status-report section's rows) driven by keys:
 * `onKeyDown` on the table's wrapper handles ADD_ROW_KEY and REMOVE_ROW_KEY (physical keys, so a
 * Persian layout works) for the row holding focus (`<tr data-row={i}>`); `bodyRef` goes on the
 * `<tbody>` so that a row added or removed can take the focus. `add(-1)` appends; nothing is added
 * beyond `max` rows. Rows are values: every change is a new array passed to `onChange`.
 */
export function useEditableRows<R>({
  rows,
  onChange,
  blank,
  max,
}: {
  rows: readonly R[];
  onChange(rows: R[]): void;
  blank(): R;
  max: number;
}) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const focusRow = (i: number) =>
    requestAnimationFrame(() =>
      bodyRef.current
        ?.querySelectorAll('tr')
        [i]?.querySelector<HTMLElement>('input, select, textarea')
        ?.focus(),
    );
  const rowOf = (el: EventTarget | null) => {
    const tr = (el as HTMLElement | null)?.closest?.('tr[data-row]');
    return tr ? Number((tr as HTMLElement).dataset.row) : -1;
  };
  const add = (after: number) => {
    if (rows.length >= max) return;
    const at = after < 0 ? rows.length : after + 1;
    onChange([...rows.slice(0, at), blank(), ...rows.slice(at)]);
    focusRow(at);
  };
  const remove = (i: number) => {
    onChange(rows.filter((_, j) => j !== i));
    if (rows.length > 1) focusRow(Math.min(i, rows.length - 2));
  };
  /** Row `i` with `patch` applied. */
  const update = (i: number, patch: Partial<R>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
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
  return { bodyRef, onKeyDown, add, remove, update };
}

/** The look of an editable-rows table: its frame, header, cells, the row number and the footer. */
export const editableRowsCss = {
  wrap: css({
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'line',
    borderRadius: '4px',
  }),
  table: css({
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
    '& td': { px: '1', py: '1', verticalAlign: 'top' },
    '& tr:focus-within td': { bg: 'first.soft' },
  }),
  num: css({
    w: '2.5rem',
    minW: '2.5rem !important',
    textAlign: 'center',
    color: 'muted',
    pt: '2 !important',
  }),
  foot: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    p: '2',
    fontSize: '12px',
    color: 'muted',
  }),
  error: css({ p: '2', fontSize: '12px', color: 'danger' }),
};
