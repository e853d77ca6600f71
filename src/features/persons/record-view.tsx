import { Link, useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import type { HoldingItem } from '~/contract/persons.ts';
import { type StaticColumn, StaticTable } from '~/ui/data-table/static-table.tsx';
import { EMPTY, formatNumber, formatShare } from '~/ui/format.ts';
import { yesNo } from './labels.tsx';
import { listSearchFor, takeOpenedFromList } from './navigation.ts';

/** What both record views (legal and true person) share: links, tables, back, the not-loaded state. */

type PersonType = 'legal' | 'true';

/** A person (legal or true) linked to their own view. */
export function PersonLink({ type, id, name }: { type: PersonType; id: number; name: string }) {
  return type === 'legal' ? (
    <Link to="/person/legal-persons/view/$id" params={{ id: String(id) }}>
      {name}
    </Link>
  ) : (
    <Link to="/person/true-persons/view/$id" params={{ id: String(id) }}>
      {name}
    </Link>
  );
}

/** A column naming a row's holder (a shareholder, a seat's member), linked to their view. */
export const holderColumn = <R extends { holder_type: PersonType; holder_id: number; holder_name: string }>(
  header: string,
): StaticColumn<R> => ({
  header,
  cell: (s) => <PersonLink type={s.holder_type} id={s.holder_id} name={s.holder_name} />,
});

/** A column naming the row's company (`pick` reads it), linked to its view. */
export const companyColumn = <R,>(pick: (row: R) => { id: number; name: string }): StaticColumn<R> => ({
  header: 'شرکت',
  cell: (r) => <PersonLink type="legal" {...pick(r)} />,
});

/** The companies a person holds shares in. */
export function HoldingsTable({
  items,
  caption,
  empty,
}: {
  items: HoldingItem[];
  caption: string;
  empty: string;
}) {
  return (
    <StaticTable
      caption={caption}
      rows={items}
      empty={empty}
      columns={[
        companyColumn<HoldingItem>((h) => ({ id: h.company_id, name: h.company_name })),
        { header: 'نماد', width: '7rem', cell: (h) => h.company_ticker ?? EMPTY },
        { header: 'تعداد سهام', width: '11rem', numeric: true, cell: (h) => formatNumber(h.share_count) },
        { header: 'درصد', width: '6rem', numeric: true, cell: (h) => formatShare(h.percentage) },
      ]}
    />
  );
}

/** A board seat's duty columns: executive or not, independent or not. */
export function seatDutyColumns<
  T extends { is_executive: boolean; is_independent: boolean },
>(): StaticColumn<T>[] {
  return [
    { header: 'موظف / غیرموظف', width: '8rem', cell: (s) => (s.is_executive ? 'موظف' : 'غیرموظف') },
    { header: 'مستقل', width: '5rem', cell: (s) => yesNo(s.is_independent) },
  ];
}

/** Back from a record: pop history when it was opened from its list, else go to the list as last seen. */
export function useRecordBack(type: PersonType, id: number): () => void {
  const navigate = useNavigate();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return () => {
    if (takeOpenedFromList(type, id) && canGoBack) router.history.back();
    else if (type === 'legal') navigate({ to: '/person/legal-persons', search: listSearchFor('legal') });
    else navigate({ to: '/person/true-persons', search: listSearchFor('true') });
  };
}
