import { useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { Kbd } from '~/ui/kbd.tsx';

const label = css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: '13px' });
const select = css({
  h: '32px',
  px: '2',
  border: '1px solid token(colors.line.strong)',
  borderRadius: '4px',
  bg: 'surface',
  color: 'ink',
  fontVariantNumeric: 'tabular-nums',
});

/**
 * The fiscal year of the statement figures (Y focuses it): the years the answer offered, newest
 * first; `year` the one shown (the latest when the URL names none).
 */
export function YearPicker(props: {
  years: readonly number[];
  year: number | null;
  onChange(year: number): void;
}) {
  const ref = useRef<HTMLSelectElement>(null);
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'industries.year',
        title: 'انتخاب سال مالی',
        keywords: ['year', 'fiscal year', 'سال'],
        shortcut: 'KeyY',
        group: 'صنایع',
        run: () => ref.current?.focus(),
      },
    ],
    [],
  );
  useRegisterCommands(commands);
  return (
    <label className={label}>
      سال مالی <Kbd binding="KeyY" />
      <select
        ref={ref}
        aria-keyshortcuts="Y"
        className={select}
        value={props.year ?? ''}
        onChange={(e) => props.onChange(Number(e.target.value))}
        disabled={props.years.length === 0}
      >
        {props.years.length === 0 && <option value="">بدون صورت مالی</option>}
        {props.years.map((y) => (
          <option key={y} value={y}>
            {toPersianDigits(y)}
          </option>
        ))}
      </select>
    </label>
  );
}
