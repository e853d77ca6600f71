import { toPersianDigits } from '~/domain/persian-text.ts';
import { SearchCombobox } from '~/ui/city-combobox.tsx';
import { type NodePick, searchNodes } from './api.ts';

export interface NodePickerProps {
  label: string;
  /** The input's name: `operations.<i>.<field>`, where the refusals of that field are shown. */
  name: string;
  value: NodePick | null;
  onChange(v: NodePick | null): void;
  /** Companies are legal persons; holders are either kind. */
  type: 'legal' | null;
  error?: string;
}

/**
 * A company or a holder of an operation, searched by name or national id/code over
 * GET /api/person/all-persons: type, ↑/↓, Enter picks, Esc closes the list.
 */
export function NodePicker({ type, ...p }: NodePickerProps) {
  return (
    <SearchCombobox<NodePick>
      {...p}
      queryKey={['structure-drafts', 'nodes', type ?? 'any']}
      search={(q, signal) => searchNodes(q, type, signal)}
      describe={(r) => (
        <>
          {type === null && `${r.key[0] === 'L' ? 'حقوقی' : 'حقیقی'} · `}
          {r.national_id ? <span dir="ltr">{toPersianDigits(r.national_id)}</span> : null}
        </>
      )}
      listLabel={type === 'legal' ? 'اشخاص حقوقی' : 'اشخاص'}
      hint="بخشی از نام یا شناسه را بنویسید و برگزینید"
    />
  );
}
