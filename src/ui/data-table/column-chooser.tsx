import type { RowData } from '@tanstack/react-table';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { COLUMN_WIDTH, type TablePreferences } from '~/contract/preferences.ts';
import { toAsciiDigits, toPersianDigits } from '~/domain/persian-text.ts';
import { Button } from '../button.tsx';
import { Dialog } from '../dialog.tsx';
import { columnId, type DataColumn } from './columns.ts';

export interface ColumnChooserProps<T extends RowData> {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Every column of the list, in the list's order. */
  columns: readonly DataColumn<T>[];
  value: TablePreferences;
  /** A new value, null for the defaults, or an updater of the latest value. */
  onChange(next: TablePreferences | null | ((prev: TablePreferences) => TablePreferences)): void;
}

const list = css({ display: 'flex', flexDirection: 'column', gap: '1', m: 0, p: 0, listStyle: 'none' });
const item = css({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'center',
  gap: '3',
  py: '1',
  px: '2',
  borderRadius: '4px',
  '&:focus-within': { bg: 'subtle' },
});
const label = css({ display: 'flex', alignItems: 'center', gap: '2', cursor: 'pointer' });
const widthBox = css({ display: 'flex', alignItems: 'center', gap: '1', color: 'muted', fontSize: '12px' });
const widthInput = css({
  w: '16',
  h: '7',
  px: '2',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '4px',
  bg: 'surface',
  textAlign: 'center',
  font: 'inherit',
  direction: 'ltr',
});
const hint = css({ color: 'muted', fontSize: '12px', mt: '3', mb: 0 });

const STEP = 20;
const clampWidth = (w: number) => Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, Math.round(w)));
const title = (c: DataColumn<RowData>) => (typeof c.header === 'string' ? c.header : columnId(c));

/**
 * The column chooser (Shift+V): each column with a checkbox (shown or hidden) and its width in
 * px (↑/↓ in the width box change it by 20). Changes apply at once and are kept for this user on
 * the server; "ستون‌های پیش‌فرض" forgets them. At least one column stays shown.
 */
export function ColumnChooser<T extends RowData>({
  open,
  onOpenChange,
  columns,
  value,
  onChange,
}: ColumnChooserProps<T>) {
  const cols = columns as readonly DataColumn<RowData>[];
  const shown = cols.filter((c) => !value.hidden.includes(columnId(c))).length;
  const [drafts, setDrafts] = useState<Record<string, string>>({});

  const toggle = (id: string) =>
    onChange((prev) => ({
      ...prev,
      hidden: prev.hidden.includes(id) ? prev.hidden.filter((h) => h !== id) : [...prev.hidden, id],
    }));
  /** Sets a column's width, or moves it by `delta` from its latest width (keys held down). */
  const setWidth = (id: string, width: number, delta = 0) =>
    onChange((prev) => {
      const next = clampWidth((delta ? (prev.widths[id] ?? width) : width) + delta);
      setDrafts((d) => ({ ...d, [id]: toPersianDigits(String(next)) }));
      return { ...prev, widths: { ...prev.widths, [id]: next } };
    });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="ستون‌های فهرست"
      description="ستون‌هایی که می‌بینید و عرض هر یک، برای حساب شما نگه داشته می‌شود."
      size="sm"
      footer={
        <>
          <Button
            onClick={() => {
              setDrafts({});
              onChange(null);
            }}
          >
            ستون‌های پیش‌فرض
          </Button>
          <Button tone="primary" onClick={() => onOpenChange(false)}>
            بستن
          </Button>
        </>
      }
    >
      <ul className={list}>
        {cols.map((c) => {
          const id = columnId(c);
          const visible = !value.hidden.includes(id);
          const width = value.widths[id] ?? c.size ?? 150;
          return (
            <li key={id} className={item}>
              <label className={label}>
                <input
                  type="checkbox"
                  checked={visible}
                  disabled={visible && shown <= 1}
                  onChange={() => toggle(id)}
                />
                {title(c)}
              </label>
              <span className={widthBox}>
                <input
                  className={widthInput}
                  inputMode="numeric"
                  aria-label={`عرض ستون ${title(c)} (پیکسل)`}
                  value={drafts[id] ?? toPersianDigits(String(width))}
                  onChange={(e) => setDrafts((d) => ({ ...d, [id]: e.target.value }))}
                  onBlur={(e) => {
                    const n = Number(toAsciiDigits(e.target.value));
                    if (Number.isFinite(n) && n > 0) setWidth(id, n);
                    else setDrafts((d) => ({ ...d, [id]: toPersianDigits(String(width)) }));
                  }}
                  onKeyDown={(e) => {
                    if (e.code === 'ArrowUp' || e.code === 'ArrowDown') {
                      e.preventDefault();
                      setWidth(id, width, e.code === 'ArrowUp' ? STEP : -STEP);
                    } else if (e.code === 'Enter') {
                      e.preventDefault();
                      (e.target as HTMLInputElement).blur();
                    }
                  }}
                />
                پیکسل
              </span>
            </li>
          );
        })}
      </ul>
      <p className={hint}>
        فاصله (Space) ستون را نشان می‌دهد یا پنهان می‌کند؛ در کادر عرض، ↑ و ↓ آن را{' '}
        {toPersianDigits(String(STEP))} پیکسل تغییر می‌دهند.
      </p>
    </Dialog>
  );
}
