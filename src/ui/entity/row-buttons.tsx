import { css } from 'styled-system/css';
import { Button } from '../button.tsx';

const cellCss = css({ display: 'flex', gap: '1', alignItems: 'center' });

/** What a row's buttons do (the screen's handlers, read when clicked). */
export interface RowHandlers<T> {
  edit(row: T): void;
  toggle(row: T): void;
  remove(row: T): void;
}

/**
 * A managed row's buttons: edit, activate or deactivate (`active` says which), delete. Out of the
 * tab order: E, A and Delete do the same on the focused row.
 */
export function RowButtons<T>({ row, active, on }: { row: T; active: boolean; on: RowHandlers<T> }) {
  const stop = (fn: () => void) => (e: { stopPropagation(): void }) => {
    e.stopPropagation();
    fn();
  };
  return (
    <span className={cellCss}>
      <Button size="sm" tone="ghost" tabIndex={-1} onClick={stop(() => on.edit(row))}>
        ویرایش
      </Button>
      <Button size="sm" tone="ghost" tabIndex={-1} onClick={stop(() => on.toggle(row))}>
        {active ? 'غیرفعال کردن' : 'فعال کردن'}
      </Button>
      <Button size="sm" tone="ghost" tabIndex={-1} onClick={stop(() => on.remove(row))}>
        حذف
      </Button>
    </span>
  );
}
