import { DatePicker } from '@ark-ui/react/date-picker';
import {
  type CalendarDate,
  type DateValue,
  isSameMonth,
  toCalendar,
  toCalendarDate,
} from '@internationalized/date';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { toPersianDigits } from '~/domain/persian-text.ts';
import {
  CALENDAR_LOCALE,
  calendarDateOfJalali,
  createCalendar,
  jalaliTextOf,
  jalaliToday,
  moveFocus,
  PERSIAN,
} from './jalali-calendar-keys.ts';
import { Kbd } from './kbd.tsx';

/**
 * A month of the Solar Hijri calendar under a Jalali date field: Ark UI's DatePicker, inline,
 * in its Persian calendar (fa-IR labels and digits, weeks from Saturday, today marked). The
 * moves are ours (jalali-calendar-keys.ts) so that Home/End keep to the week; Enter or a click
 * picks, Esc closes. Loaded lazily by JalaliField the first time it opens.
 */

const panel = css({
  position: 'absolute',
  insetBlockStart: 'calc(100% + 4px)',
  insetInlineEnd: '0',
  zIndex: 30,
  w: '280px',
  p: '3',
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line.strong',
  borderRadius: '6px',
  fontSize: '13px',
  // The panel holds the focus only for the frame or two a new month takes to render (onKeyDown)
  '&:focus-visible': { outline: 'none' },
  '& [data-part=view-control]': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
    mb: '2',
  },
  '& [data-part=prev-trigger], & [data-part=next-trigger]': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '28px',
    h: '28px',
    bg: 'transparent',
    border: 'none',
    borderRadius: '4px',
    color: 'ink',
    cursor: 'pointer',
    _hover: { bg: 'subtle' },
  },
  '& [data-part=table]': { w: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' },
  '& [data-part=table-header]': { h: '28px', fontWeight: '500', color: 'muted', fontSize: '12px' },
  '& [data-part=table-cell]': { p: '0', textAlign: 'center' },
  '& [data-part=table-cell-trigger]': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '32px',
    h: '32px',
    borderRadius: '4px',
    cursor: 'pointer',
    fontVariantNumeric: 'tabular-nums',
    _hover: { bg: 'subtle' },
    '&[data-outside-range]': { color: 'muted', opacity: 0.6 },
    // Today: a ring drawn inside (not an outline, which the focus ring uses).
    '&[data-today]': { fontWeight: '700', boxShadow: 'inset 0 0 0 1px token(colors.first)' },
    '&[data-selected]': { bg: 'first', color: 'first.on' },
  },
});
const title = css({ fontWeight: '600', color: 'ink' });
const keysLine = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  mt: '2',
  pt: '2',
  borderTopWidth: '1px',
  borderTopStyle: 'solid',
  borderTopColor: 'line',
  color: 'muted',
  fontSize: '11px',
  '& > span': { display: 'inline-flex', alignItems: 'center', gap: '1' },
});

const monthName = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { month: 'long', timeZone: 'UTC' });
/** `تیر ۱۳۶۵`: the month's Persian name, then the year. */
const monthTitle = (d: CalendarDate) =>
  `${monthName.format(d.toDate('UTC'))} ${toPersianDigits(String(toCalendar(d, PERSIAN).year))}`;

/** The DatePicker's words in Persian (its own are English). */
const TRANSLATIONS = {
  dayCell: (state: { valueText: string; selected: boolean; today: boolean }) =>
    [state.valueText, state.today && 'امروز', state.selected && 'انتخاب‌شده'].filter(Boolean).join('، '),
  prevTrigger: () => 'ماه پیش',
  nextTrigger: () => 'ماه بعد',
  content: 'تقویم',
  monthSelect: 'انتخاب ماه',
  yearSelect: 'انتخاب سال',
};

export interface JalaliCalendarProps {
  /** The field's text (`۱۳۶۵/۰۴/۲۱`); the calendar shows and selects it when it is a real day. */
  value: string;
  /** A day was chosen: its text for the field, as the field shows it. */
  onPick(text: string): void;
  /** Esc: close and give the focus back to the field. */
  onClose(refocus: boolean): void;
  /** The accessible name (the field's label). */
  label: string;
}

/** The calendar panel; place it in a `position: relative` box after the input. */
export default function JalaliCalendar({ value, onPick, onClose, label }: JalaliCalendarProps) {
  const selected = useMemo(() => calendarDateOfJalali(value), [value]);
  const [focused, setFocused] = useState<CalendarDate>(() => selected ?? jalaliToday());
  const root = useRef<HTMLDivElement>(null);
  const moved = useRef(true);
  // By day, not by object: the DatePicker echoes each change back as a new object.
  const focusKey = focused.toString();

  // The typed value and the calendar in step.
  useEffect(() => {
    if (selected) setFocused(selected);
  }, [selected]);

  // The focused day holds the keyboard focus (on opening and after each move). Its cell may come
  // a render or two after ours (the DatePicker syncs the controlled day in an effect; a new
  // month replaces every cell), so look for it by its date for a few frames.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    let frame = 0;
    let tries = 0;
    const look = () => {
      const cell = root.current?.querySelector<HTMLElement>(
        `[data-part=table-cell-trigger][data-value="${focusKey}"]`,
      );
      if (cell) cell.focus();
      else if (tries++ < 20) frame = requestAnimationFrame(look);
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [focusKey]);

  // Esc closes the calendar only: seen on the window in the capture phase, before a dialog the
  // field may sit in (which listens on the document) or the form's own Esc.
  const latestClose = useRef(onClose);
  latestClose.current = onClose;
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.code !== 'Escape' || e.isComposing) return;
      e.preventDefault();
      e.stopPropagation();
      latestClose.current(true);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    // On a day, or on the panel itself while a new month's days render (below).
    if (e.target !== root.current && !(e.target as HTMLElement).closest('[data-part=table]')) return;
    const next = moveFocus(focused, { code: e.code, shiftKey: e.shiftKey });
    if (!next) return;
    // Ours, not the DatePicker's: its Home/End go to the month's ends.
    e.preventDefault();
    e.stopPropagation();
    // A new month replaces every day cell, the focused one too: the panel holds the focus until
    // the new day has it, so keys pressed meanwhile are not lost to the page.
    if (!isSameMonth(next, focused)) root.current?.focus({ preventScroll: true });
    moved.current = true;
    setFocused(next);
  };

  return (
    <div
      ref={root}
      role="dialog"
      aria-modal="false"
      aria-label={`تقویم ${label}`}
      tabIndex={-1}
      className={panel}
      onKeyDownCapture={onKeyDown}
    >
      <DatePicker.Root
        inline
        locale={CALENDAR_LOCALE}
        createCalendar={createCalendar}
        dir="rtl"
        timeZone="Asia/Tehran"
        startOfWeek={6}
        translations={TRANSLATIONS}
        fixedWeeks
        value={selected ? [selected] : []}
        focusedValue={focused}
        onFocusChange={(d) => {
          const next = toPersian(d.focusedValue);
          if (next.compare(focused) === 0) return;
          moved.current = true;
          setFocused(next);
        }}
        onValueChange={(d) => {
          const day = d.value[0];
          if (day) onPick(jalaliTextOf(toPersian(day)));
        }}
      >
        <DatePicker.View view="day">
          <DatePicker.Context>
            {(api) => (
              <>
                <DatePicker.ViewControl>
                  <DatePicker.PrevTrigger>›</DatePicker.PrevTrigger>
                  <span className={title} aria-live="polite">
                    {monthTitle(focused)}
                  </span>
                  <DatePicker.NextTrigger>‹</DatePicker.NextTrigger>
                </DatePicker.ViewControl>
                <DatePicker.Table>
                  <DatePicker.TableHead>
                    <DatePicker.TableRow>
                      {api.weekDays.map((w) => (
                        <DatePicker.TableHeader key={w.short} abbr={w.long}>
                          {w.narrow}
                        </DatePicker.TableHeader>
                      ))}
                    </DatePicker.TableRow>
                  </DatePicker.TableHead>
                  <DatePicker.TableBody>
                    {api.weeks.map((week) => (
                      <DatePicker.TableRow key={week[0]!.toString()}>
                        {week.map((day) => (
                          <DatePicker.TableCell key={day.toString()} value={day}>
                            <DatePicker.TableCellTrigger>
                              {toPersianDigits(String(day.day))}
                            </DatePicker.TableCellTrigger>
                          </DatePicker.TableCell>
                        ))}
                      </DatePicker.TableRow>
                    ))}
                  </DatePicker.TableBody>
                </DatePicker.Table>
              </>
            )}
          </DatePicker.Context>
        </DatePicker.View>
      </DatePicker.Root>
      <div className={keysLine} aria-hidden="true">
        <span>
          <Kbd binding="PageUp" />
          <Kbd binding="PageDown" /> ماه
        </span>
        <span>
          <Kbd binding="Shift+PageUp" /> سال
        </span>
        <span>
          <Kbd binding="Enter" /> انتخاب
        </span>
        <span>
          <Kbd binding="Escape" /> بستن
        </span>
      </div>
    </div>
  );
}

/** The DatePicker's dates in the Persian calendar, as plain days. */
const toPersian = (d: DateValue): CalendarDate => toCalendarDate(toCalendar(d, PERSIAN));
