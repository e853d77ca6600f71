import { css, cx } from 'styled-system/css';
import { BOARD_POSITION_LABELS, BOARD_POSITIONS } from '~/contract/persons.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Button } from '~/ui/button.tsx';
import { ADD_ROW_KEY, editableRowsCss as rowsCss, useEditableRows } from '~/ui/editable-rows.ts';
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

const MAX_SEATS = 40;

// The column headers name the cells; each control keeps its label for screen readers. Hints
// (the date format, the picker's how-to) are in the headers' spirit; errors stay visible.
const table = cx(
  rowsCss.table,
  css({ '& td label': { srOnly: true }, '& td span[id$="-hint"]': { srOnly: true } }),
);
const picker = css({ minW: '12rem' });
const dateCell = css({ w: '10rem', minW: '10rem' });
const check = css({ textAlign: 'center', pt: '2 !important', '& input': { w: '16px', h: '16px' } });

export interface SeatsTableProps {
  seats: SeatDraft[];
  errors: Record<string, string[]>;
  onChange(seats: SeatDraft[]): void;
}

export function SeatsTable({ seats, errors, onChange }: SeatsTableProps) {
  const {
    bodyRef,
    onKeyDown,
    add,
    remove,
    update: set,
  } = useEditableRows({
    rows: seats,
    onChange,
    blank: blankSeat,
    max: MAX_SEATS,
  });
  const err = (i: number, field: string) => errors[`seats.${i}.${field}`]?.[0];

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys act on the row holding focus inside
    <div className={rowsCss.wrap} onKeyDown={onKeyDown}>
      <table className={table} aria-label="کرسی‌های هیئت مدیره">
        <thead>
          <tr>
            <th scope="col" className={rowsCss.num}>
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
        <tbody ref={bodyRef}>
          {seats.map((s, i) => {
            const row = `ردیف ${toPersianDigits(i + 1)}`;
            return (
              <tr key={s.key} data-row={i}>
                <td className={rowsCss.num}>{toPersianDigits(i + 1)}</td>
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
        <div role="alert" className={rowsCss.error}>
          {errors.seats[0]}
        </div>
      )}
      <div className={rowsCss.foot}>
        <Button size="sm" shortcut={ADD_ROW_KEY} onClick={() => add(-1)} disabled={seats.length >= MAX_SEATS}>
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
