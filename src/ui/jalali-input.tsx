import { type InputHTMLAttributes, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { parseJalaliDate } from '~/domain/jalali.ts';
import { toAsciiDigits, toPersianDigits } from '~/domain/persian-text.ts';
import { Field } from './field.tsx';
import { formatDateLong } from './format.ts';
import { input as inputCss } from './input.tsx';

/**
 * An empty date field's placeholder: the order of the parts, not a sample date that would read
 * as a value. The marks (U+200E) keep the words where the digits will stand in the field, which
 * reads left to right: the year on the left.
 */
export const JALALI_PLACEHOLDER = 'سال\u200E/ماه\u200E/روز';

/** Digits typed (Persian or ASCII) → `۱۳۶۵/۰۴/۲۱` as they come: the slashes are put in for the user. */
export function maskJalali(raw: string): string {
  const typed = toAsciiDigits(raw);
  // Keep what the user wrote when they typed the separators themselves (1365/4/21).
  if (/^\d{1,4}([/\-.]\d{0,2}){0,2}$/.test(typed) && /[/\-.]/.test(typed)) {
    return toPersianDigits(typed.replace(/[-.]/g, '/'));
  }
  const d = typed.replace(/\D/g, '').slice(0, 8);
  const parts = [d.slice(0, 4), d.slice(4, 6), d.slice(6, 8)].filter(Boolean);
  return toPersianDigits(parts.join('/'));
}

export type JalaliFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
};

// The calendar (Ark UI's DatePicker and its Persian calendar) loads the first time it opens:
// it stays out of the entry chunk and out of the forms' own chunks.
const JalaliCalendar = lazy(() => import('./jalali-calendar.tsx'));

const box = css({ position: 'relative', display: 'flex', alignItems: 'stretch' });
// The input reads left to right: its inline start is the left, where the button sits (the
// box's inline end in right to left).
const withButton = css({ paddingInlineStart: '8 !important' });
const calendarButton = css({
  position: 'absolute',
  insetInlineEnd: '1',
  insetBlock: '1',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '24px',
  bg: 'transparent',
  border: 'none',
  borderRadius: '3px',
  color: 'muted',
  cursor: 'pointer',
  _hover: { bg: 'subtle', color: 'ink' },
  _disabled: { cursor: 'not-allowed', opacity: 0.5 },
});

/**
 * A Jalali date typed as ۱۳۶۵/۰۴/۲۱: digits only, the slashes come by themselves; once it is a
 * real day of the calendar the hint spells it out (۲۱ تیر ۱۳۶۵), so a slip shows at once. Alt+↓
 * in the field or its calendar button opens a month of the Solar Hijri calendar (see
 * jalali-calendar.tsx); a day picked there fills the field, Esc comes back to it.
 */
export function JalaliField({ label, value, onChange, error, required, ...rest }: JalaliFieldProps) {
  const iso = value ? parseJalaliDate(value) : null;
  // The key's name stands apart from the Persian around it, or "Alt+↓" would be drawn "↓+Alt".
  const hint = iso ? (
    formatDateLong(iso)
  ) : (
    <>
      سال/ماه/روز، مانند ۱۳۶۵/۰۴/۲۱؛ <bdi dir="ltr">Alt+↓</bdi> تقویم
    </>
  );
  return (
    <Field label={label} error={error} hint={hint} required={required}>
      <JalaliControl label={label} value={value} onChange={onChange} {...rest} />
    </Field>
  );
}

type JalaliControlProps = Omit<JalaliFieldProps, 'error'>;

/** The input and its calendar; takes the id and aria attributes Field gives its control. */
function JalaliControl({
  label,
  value,
  onChange,
  onKeyDown,
  disabled,
  readOnly,
  ...rest
}: JalaliControlProps) {
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const calendarId = useId();
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) input.current?.focus();
  };
  const canOpen = !disabled && !readOnly;
  const wrap = useRef<HTMLDivElement>(null);
  // Focus left the field and its calendar (Tab on, a click elsewhere): the calendar closes.
  useEffect(() => {
    const el = wrap.current;
    if (!open || !el) return;
    let frame = 0;
    const onOut = (e: FocusEvent) => {
      if (el.contains(e.relatedTarget as Node | null)) return;
      // An element of the calendar replaced under the focus (a new month's day cells; by key the
      // calendar parks the focus on its panel meanwhile, by pointer it drops to the body for a
      // moment) gets it back on the next frame: decide two frames later.
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => {
          if (!el.contains(document.activeElement)) setOpen(false);
        });
      });
    };
    el.addEventListener('focusout', onOut);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('focusout', onOut);
    };
  }, [open]);
  return (
    <div ref={wrap} className={box}>
      <input
        ref={input}
        className={cx(inputCss({ ltr: true }), withButton)}
        inputMode="numeric"
        placeholder={JALALI_PLACEHOLDER}
        autoComplete="off"
        maxLength={10}
        value={value}
        disabled={disabled}
        readOnly={readOnly}
        aria-keyshortcuts="Alt+ArrowDown"
        onChange={(e) => onChange(maskJalali(e.target.value))}
        onKeyDown={(e) => {
          onKeyDown?.(e);
          if (!e.defaultPrevented && canOpen && e.altKey && e.code === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        {...rest}
      />
      <button
        type="button"
        className={calendarButton}
        aria-label={`تقویم ${label}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? calendarId : undefined}
        disabled={!canOpen}
        tabIndex={-1}
        onClick={() => (open ? close(true) : setOpen(true))}
      >
        <CalendarIcon />
      </button>
      {open && (
        <Suspense fallback={null}>
          <div id={calendarId}>
            <JalaliCalendar
              label={label}
              value={value}
              onPick={(text) => {
                onChange(text);
                close(true);
              }}
              onClose={close}
            />
          </div>
        </Suspense>
      )}
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      aria-hidden
    >
      <rect x="2" y="3" width="12" height="11" rx="1.5" />
      <path d="M2 6.5h12M5 1.5v3M11 1.5v3" strokeLinecap="round" />
    </svg>
  );
}
