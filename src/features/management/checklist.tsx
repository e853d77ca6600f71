import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { ApiError } from '~/lib/http.ts';
import { EmptyState } from '~/ui/empty-state.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { toast } from '~/ui/toaster.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';

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

export interface ChecklistSaveOptions<D> {
  /** The screen's query data (undefined while loading); the checklist restarts from it when it changes. */
  data: D | undefined;
  /** The ids saved in `data`. */
  idsOf(data: D): readonly number[];
  /** Nothing may be saved (a super-admin role's permissions). */
  locked?: boolean;
  /** Writes the chosen ids. */
  persist(ids: number[]): Promise<unknown>;
  /** The toast once saved. */
  savedMessage: string;
  /** The cache to refresh once saved. */
  invalidate: readonly unknown[];
}

/** The chosen ids of a checklist screen, whether they differ from the saved ones, and save on Ctrl+S. */
export function useChecklistSave<D>({
  data,
  idsOf,
  locked = false,
  persist,
  savedMessage,
  invalidate,
}: ChecklistSaveOptions<D>) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [saving, setSaving] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: idsOf is a fresh closure each render; restart only on new data
  useEffect(() => setChosen(data ? [...idsOf(data)] : null), [data]);

  const dirty = !!data && !!chosen && !sameIds(chosen, idsOf(data));
  const save = async () => {
    if (!chosen || !dirty || saving || locked) return;
    setSaving(true);
    try {
      await persist(chosen);
      toast.positive(savedMessage);
      await queryClient.invalidateQueries({ queryKey: invalidate });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setSaving(false);
    }
  };
  useShortcuts({
    '$mod+KeyS': (e) => {
      e.preventDefault();
      void save();
    },
  });
  return { chosen, setChosen, dirty, saving, save };
}

export interface ChecklistNotReadyProps {
  pending: boolean;
  /** The skeleton's shape while loading. */
  rows: number;
  columns: number;
  /** The heading when loading failed. */
  title: string;
  error: string | undefined;
  /** Where Escape goes back to ("برای بازگشت به فهرست نقش‌ها"). */
  back: string;
}

/** A checklist screen before its data is there: a skeleton while loading, else why it failed. */
export function ChecklistNotReady({ pending, rows, columns, title, error, back }: ChecklistNotReadyProps) {
  return (
    <>
      <PageHeader />
      {pending ? (
        <SkeletonRows rows={rows} columns={columns} />
      ) : (
        <EmptyState title={title} shortcut="Escape">
          {error} {back}
        </EmptyState>
      )}
    </>
  );
}
