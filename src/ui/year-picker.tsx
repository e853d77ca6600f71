import { useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { Kbd } from './kbd.tsx';

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
 * The fiscal-year picker of the screens of companies' figures (the rating, the evaluation, the
 * industries): the years the answer offered, Y focuses it (a palette command under `group`).
 * `empty`: what it says when there is no year.
 */
export function YearPicker(props: {
  years: readonly number[];
  year: number | null | undefined;
  onChange(year: number): void;
  /** the palette command's id and group */
  command: { id: string; group: string };
  empty?: string;
}) {
  const ref = useRef<HTMLSelectElement>(null);
  const { id, group } = props.command;
  const commands = useMemo<Command[]>(
    () => [
      {
        id,
        title: 'انتخاب سال مالی',
        keywords: ['year', 'fiscal year', 'سال'],
        shortcut: 'KeyY',
        group,
        run: () => ref.current?.focus(),
      },
    ],
    [id, group],
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
        {props.years.length === 0 && props.empty && <option value="">{props.empty}</option>}
        {props.years.map((y) => (
          <option key={y} value={y}>
            {toPersianDigits(y)}
          </option>
        ))}
      </select>
    </label>
  );
}
