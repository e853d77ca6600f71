import { toPersianDigits } from '~/domain/persian-text.ts';
import { SearchCombobox } from '~/ui/city-combobox.tsx';
import { type PersonPick, searchPersons } from './api.ts';

const TYPE_LABEL = { legal: 'حقوقی', true: 'حقیقی' } as const;

export interface PersonPickerProps {
  label: string;
  name: string;
  value: PersonPick | null;
  onChange(v: PersonPick | null): void;
  /** Legal persons only, true persons only, or both (null). */
  type: 'legal' | 'true' | null;
  error?: string;
  required?: boolean;
  /** Under the box; null for none (in a table cell). */
  hint?: string | null;
}

/**
 * A legal or true person searched by name or national id/code (GET /api/person/all-persons):
 * type, ↑/↓, Enter picks, Esc closes the list.
 */
export function PersonPicker({ type, hint, ...p }: PersonPickerProps) {
  return (
    <SearchCombobox<PersonPick>
      {...p}
      queryKey={['persons', 'picker', type ?? 'any']}
      search={(q, signal) => searchPersons(q, type, signal)}
      describe={(r) => (
        <>
          {type === null && `${TYPE_LABEL[r.type]} · `}
          {r.national_id ? <span dir="ltr">{toPersianDigits(r.national_id)}</span> : null}
        </>
      )}
      listLabel={type === 'legal' ? 'اشخاص حقوقی' : type === 'true' ? 'اشخاص حقیقی' : 'اشخاص'}
      hint={hint === null ? undefined : (hint ?? 'بخشی از نام یا شناسه را بنویسید و از فهرست برگزینید')}
    />
  );
}
