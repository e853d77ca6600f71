import { Link } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { LabelChip } from '~/contract/labels.ts';
import { EMPTY } from '~/ui/format.ts';
import { LabelChips } from '~/ui/label-chips.tsx';
import { DemoBadge } from './labels.tsx';

/** Cells both persons lists (legal and true) share. */

const nameCell = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minWidth: 0,
  '& a': {
    color: 'ink',
    textDecoration: 'none',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    _hover: { color: 'first.text', textDecoration: 'underline' },
  },
});

/**
 * A row's name, linked to its record (out of the tab order: the row itself opens it), with the
 * demo badge on generated records.
 */
export function NameCell({
  type,
  row,
  children,
}: {
  type: 'legal' | 'true';
  row: { id: number; is_demo: boolean };
  children: ReactNode;
}) {
  const link = {
    params: { id: String(row.id) },
    tabIndex: -1,
    onClick: (e: MouseEvent) => e.stopPropagation(),
    children,
  };
  return (
    <span className={nameCell}>
      {type === 'legal' ? (
        <Link to="/person/legal-persons/view/$id" {...link} />
      ) : (
        <Link to="/person/true-persons/view/$id" {...link} />
      )}
      {row.is_demo && <DemoBadge />}
    </span>
  );
}

/** The labels cell of both persons lists: the row's labels (`labels`, by name) as coloured chips. */
export const labelsCell = ({ row }: { row: { original: { labels?: LabelChip[] } } }) => (
  <LabelChips labels={row.original.labels} />
);

/** A text cell, or a dash when there is no value. */
export const textOrDash = (c: { getValue(): string | null | undefined }) => c.getValue() ?? EMPTY;
