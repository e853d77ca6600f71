import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

/** A list of checkboxes, each with a title and a quiet second line; Space toggles, Tab moves. */

export const checklist = css({
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
  gap: '1',
});

const item = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '2',
  px: '2',
  py: '1.5',
  borderRadius: '4px',
  cursor: 'pointer',
  fontSize: '13px',
  _hover: { bg: 'canvas' },
  '&:has(input:checked)': { bg: 'first.soft' },
  '&:has(input:disabled)': { cursor: 'default', opacity: 0.8 },
  '& input': { mt: '1', width: '15px', height: '15px', accentColor: 'var(--colors-first)', flexShrink: 0 },
  '& small': { display: 'block', color: 'muted', fontSize: '12px' },
});

export interface CheckItemProps {
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
  title: ReactNode;
  detail?: ReactNode;
}

export function CheckItem({ checked, disabled, onChange, title, detail }: CheckItemProps) {
  return (
    <li>
      <label className={item}>
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>
          {title}
          {detail && <small>{detail}</small>}
        </span>
      </label>
    </li>
  );
}

/** The set with `id` added or removed. */
export function toggleId(ids: readonly number[], id: number, on: boolean): number[] {
  const set = new Set(ids);
  if (on) set.add(id);
  else set.delete(id);
  return [...set].sort((a, b) => a - b);
}

/** True when both hold the same ids. */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((x) => set.has(x));
}
