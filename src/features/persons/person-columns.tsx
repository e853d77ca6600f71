import { Link } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { LabelChip, Labelled } from '~/contract/labels.ts';
import { type LegalPersonRow, legalPersonEntity } from '~/contract/legal-person.ts';
import { type TruePersonRow, truePersonEntity } from '~/contract/true-person.ts';
import { columnHelper, type DataColumn } from '~/ui/data-table/columns.ts';
import { entityColumns } from '~/ui/entity/columns.tsx';
import { EMPTY } from '~/ui/format.ts';
import { LabelChips } from '~/ui/label-chips.tsx';
import { DemoBadge, idText, StatusBadge } from './labels.tsx';

/**
 * The persons lists' columns: the description's (contract/legal-person.ts, true-person.ts), with
 * the cells that are the persons' own (the name linked to its record, the status badge, the masked
 * mobile) and the row's labels last, so the columns users know keep their places.
 */

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

/** The labels column of both persons lists: the row's labels (`labels`, by name) as coloured chips. */
const labelsColumn = <Row extends { labels?: LabelChip[] }>() =>
  columnHelper<Row>().display({
    id: 'labels',
    header: 'برچسب‌ها',
    size: 120,
    cell: ({ row }) => <LabelChips labels={row.original.labels} />,
  }) as DataColumn<Row>;

/** 09121234567 → ۰۹۱۲***۴۵۶۷: enough to recognise a number without publishing it in a list. */
export function maskMobile(mobile: string | null): string {
  if (!mobile) return EMPTY;
  return idText(mobile.length >= 8 ? `${mobile.slice(0, 4)}***${mobile.slice(-4)}` : mobile);
}

type LegalRow = Labelled<LegalPersonRow>;
type TrueRow = Labelled<TruePersonRow>;

export const legalPersonColumns: DataColumn<LegalRow>[] = [
  ...entityColumns<typeof legalPersonEntity.fields, LegalRow>(legalPersonEntity, {
    name: (r) => (
      <NameCell type="legal" row={r}>
        {r.name}
      </NameCell>
    ),
    status: (r) => <StatusBadge status={r.status} />,
  }),
  labelsColumn<LegalRow>(),
];

export const truePersonColumns: DataColumn<TrueRow>[] = [
  ...entityColumns<typeof truePersonEntity.fields, TrueRow>(truePersonEntity, {
    last_name: (r) => (
      <NameCell type="true" row={r}>
        {r.first_name} {r.last_name}
      </NameCell>
    ),
    mobile: (r) => <span dir="ltr">{maskMobile(r.mobile)}</span>,
  }),
  labelsColumn<TrueRow>(),
];

/** Each kind's columns, by its list name. */
export const PERSON_COLUMNS = { legal: legalPersonColumns, true: truePersonColumns };
