import { type KeyboardEvent, useRef } from 'react';
import { css } from 'styled-system/css';
import { BOARD_POSITION_LABELS, BOARD_POSITIONS } from '~/contract/persons.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Button } from '~/ui/button.tsx';
import { Field } from '~/ui/field.tsx';
import { input as inputCss } from '~/ui/input.tsx';
import { JalaliField } from '~/ui/jalali-input.tsx';
import { blankSeat, type SeatDraft } from './board-values.ts';
import { PersonPicker } from './person-picker.tsx';

/**
 * The seats of a board as editable rows. Keys (physical, listed in the `?` sheet): Alt+N adds a
 * seat after the row holding focus (or at the end) and focuses its holder; Alt+Backspace removes
 * the row holding focus and moves to its neighbour. Messages come as `seats.{i}.{field}`.
 */

export const ADD_SEAT_KEY = 'Alt+KeyN';
export const REMOVE_SEAT_KEY = 'Alt+Backspace';
const MAX_SEATS = 40;

const wrap = css({ borderWidth: '1px', borderStyle: 'solid', borderColor: 'line', borderRadius: '4px' });
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
  '& td': { px: '1', py: '1', verticalAlign: 'top' },
  // The column headers name the cells; each control keeps its label for screen readers.
  '& td label': { srOnly: true },
  // Hints (the date format, the picker's how-to) are in the headers' spirit; errors stay visible.
  '& td span[id$="-hint"]': { srOnly: true },
  '& tr:focus-within td': { bg: 'first.soft' },
});
const num = css({ w: '2.5rem', textAlign: 'center', color: 'muted', pt: '2 !important' });
const picker = css({ minW: '12rem' });
const dateCell = css({ w: '10rem', minW: '10rem' });
const check = css({ textAlign: 'center', pt: '2 !important', '& input': { w: '16px', h: '16px' } });
const foot = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  p: '2',
  fontSize: '12px',
  color: 'muted',
});
const tableError = css({ p: '2', fontSize: '12px', color: 'danger' });

export interface SeatsTableProps {
  seats: SeatDraft[];
  errors: Record<string, string[]>;
  onChange(seats: SeatDraft[]): void;
}

export function SeatsTable({ seats, errors, onChange }: SeatsTableProps) {
  const ref = useRef<HTMLTableSectionElement>(null);
  const focusRow = (i: number) =>
    requestAnimationFrame(() =>
      ref.current?.querySelectorAll('tr')[i]?.querySelector<HTMLElement>('input, select')?.focus(),
    );
  const rowOf = (el: EventTarget | null) => {
    const tr = (el as HTMLElement | null)?.closest?.('tr[data-row]');
    return tr ? Number((tr as HTMLElement).dataset.row) : -1;
  };
  const add = (after: number) => {
    if (seats.length >= MAX_SEATS) return;
    const at = after < 0 ? seats.length : after + 1;
    onChange([...seats.slice(0, at), blankSeat(), ...seats.slice(at)]);
    focusRow(at);
  };
  const remove = (i: number) => {
    onChange(seats.filter((_, j) => j !== i));
    if (seats.length > 1) focusRow(Math.min(i, seats.length - 2));
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
  const set = (i: number, patch: Partial<SeatDraft>) =>
    onChange(seats.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const err = (i: number, field: string) => errors[`seats.${i}.${field}`]?.[0];

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys act on the row holding focus inside
    <div className={wrap} onKeyDown={onKeyDown}>
      <table className={table} aria-label="کرسی‌های هیئت مدیره">
        <thead>
          <tr>
            <th scope="col" className={num}>
              ردیف
            </th>
            <th scope="col">دارنده کرسی</th>
            <th scope="col">نماینده (برای دارنده حقوقی)</th>
            <th scope="col">سمت</th>
            <th scope="col">موظف</th>
            <th scope="col">مستقل</th>
            <th scope="col">آغاز عضویت</th>
            <th scope="col">پایان عضویت</th>
            <th scope="col">
              <span className={css({ srOnly: true })}>حذف</span>
            </th>
          </tr>
        </thead>
        <tbody ref={ref}>
          {seats.map((s, i) => {
            const row = `ردیف ${toPersianDigits(i + 1)}`;
            return (
              <tr key={s.key} data-row={i}>
                <td className={num}>{toPersianDigits(i + 1)}</td>
                <td className={picker}>
                  <PersonPicker
                    label={`دارنده کرسی، ${row}`}
                    name={`seats.${i}.holder_id`}
                    type={null}
                    value={s.holder}
                    onChange={(v) =>
                      set(i, { holder: v, representative: v?.type === 'legal' ? s.representative : null })
                    }
                    error={err(i, 'holder_id')}
                    hint={null}
                  />
                </td>
                <td className={picker}>
                  {s.holder?.type === 'legal' ? (
                    <PersonPicker
                      label={`نماینده، ${row}`}
                      name={`seats.${i}.representative_id`}
                      type="true"
                      value={s.representative}
                      onChange={(v) => set(i, { representative: v })}
                      error={err(i, 'representative_id')}
                      hint={null}
                    />
                  ) : (
                    <span className={css({ color: 'muted', display: 'block', pt: '1.5', px: '1' })}>—</span>
                  )}
                </td>
                <td>
                  <Field label={`سمت، ${row}`} error={err(i, 'position')}>
                    <select
                      className={inputCss()}
                      name={`seats.${i}.position`}
                      value={s.position}
                      onChange={(e) => set(i, { position: e.target.value })}
                    >
                      {BOARD_POSITIONS.map((p) => (
                        <option key={p} value={p}>
                          {BOARD_POSITION_LABELS[p]}
                        </option>
                      ))}
                    </select>
                  </Field>
                </td>
                <td className={check}>
                  <input
                    type="checkbox"
                    aria-label={`موظف، ${row}`}
                    checked={s.is_executive}
                    onChange={(e) => set(i, { is_executive: e.target.checked })}
                  />
                </td>
                <td className={check}>
                  <input
                    type="checkbox"
                    aria-label={`مستقل، ${row}`}
                    checked={s.is_independent}
                    onChange={(e) => set(i, { is_independent: e.target.checked })}
                  />
                </td>
                <td className={dateCell}>
                  <JalaliField
                    label={`آغاز عضویت، ${row}`}
                    name={`seats.${i}.start_date`}
                    value={s.start_date}
                    onChange={(v) => set(i, { start_date: v })}
                    error={err(i, 'start_date')}
                  />
                </td>
                <td className={dateCell}>
                  <JalaliField
                    label={`پایان عضویت، ${row}`}
                    name={`seats.${i}.end_date`}
                    value={s.end_date}
                    onChange={(v) => set(i, { end_date: v })}
                    error={err(i, 'end_date')}
                  />
                </td>
                <td>
                  <Button
                    size="sm"
                    tone="ghost"
                    aria-label={`حذف ${row}`}
                    title="حذف کرسی (Alt+Backspace)"
                    onClick={() => remove(i)}
                  >
                    ✕
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {errors.seats?.[0] && (
        <div role="alert" className={tableError}>
          {errors.seats[0]}
        </div>
      )}
      <div className={foot}>
        <Button
          size="sm"
          shortcut={ADD_SEAT_KEY}
          onClick={() => add(-1)}
          disabled={seats.length >= MAX_SEATS}
        >
          افزودن کرسی
        </Button>
        <span>
          {seats.length ? `${toPersianDigits(seats.length)} کرسی` : 'کرسی‌ای ثبت نشده است'}؛ Alt+Backspace کرسی
          جاری را حذف می‌کند
        </span>
      </div>
    </div>
  );
}
