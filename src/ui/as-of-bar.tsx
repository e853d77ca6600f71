import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { jalaliOfIso, parseJalaliDate } from '~/domain/jalali.ts';
import { toAsciiDigits, toPersianDigits } from '~/domain/persian-text.ts';
import { Button } from './button.tsx';
import { Field } from './field.tsx';
import { Input } from './input.tsx';
import { JalaliField } from './jalali-input.tsx';

/**
 * The date and control threshold the ownership screens compute for (issue 17, "As of a date",
 * "let the analyst set the threshold and see the result change"): a Jalali date (today when
 * empty) and the threshold in whole percent (50 when empty). A value is passed on once it is
 * valid (a whole Jalali day; 1–99), so the figures follow as the user types.
 */

export type AsOf = { as_of?: string; threshold?: number };

const bar = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  alignItems: 'end',
  mb: '3',
  '& > *': { minW: '150px' },
});

export function AsOfBar({
  value,
  onChange,
  children,
}: {
  value: AsOf;
  onChange(next: AsOf): void;
  /** more controls on the same line */
  children?: React.ReactNode;
}) {
  const [date, setDate] = useState(() => toPersianDigits(jalaliOfIso(value.as_of ?? '')));
  const [threshold, setThreshold] = useState(() => (value.threshold ? toPersianDigits(value.threshold) : ''));
  useEffect(() => {
    setDate(toPersianDigits(jalaliOfIso(value.as_of ?? '')));
  }, [value.as_of]);
  const dateError = date && !parseJalaliDate(date) ? 'تاریخ کامل شمسی، مانند ۱۴۰۳/۰۱/۰۱' : undefined;
  const t = Number(toAsciiDigits(threshold));
  const thresholdError =
    threshold && !(Number.isInteger(t) && t >= 1 && t <= 99) ? 'عددی صحیح از ۱ تا ۹۹' : undefined;
  return (
    <div className={bar}>
      <JalaliField
        label="در تاریخ"
        value={date}
        error={dateError}
        placeholder="امروز"
        onChange={(v) => {
          setDate(v);
          const iso = v ? parseJalaliDate(v) : null;
          if (!v) onChange({ ...value, as_of: undefined });
          else if (iso) onChange({ ...value, as_of: iso });
        }}
      />
      <Field label="آستانه کنترل (درصد)" error={thresholdError} hint="بیش از این سهم، کنترل است">
        <Input
          inputMode="numeric"
          value={threshold}
          placeholder="۵۰"
          onChange={(e) => {
            const v = toPersianDigits(toAsciiDigits(e.target.value).replace(/\D/g, '').slice(0, 2));
            setThreshold(v);
            const n = Number(toAsciiDigits(v));
            if (!v) onChange({ ...value, threshold: undefined });
            else if (n >= 1 && n <= 99) onChange({ ...value, threshold: n });
          }}
        />
      </Field>
      {(value.as_of || value.threshold) && (
        <Button
          tone="ghost"
          onClick={() => {
            setDate('');
            setThreshold('');
            onChange({});
          }}
        >
          امروز و ۵۰٪
        </Button>
      )}
      {children}
    </div>
  );
}
