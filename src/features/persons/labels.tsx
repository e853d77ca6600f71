import { LEGAL_KIND_LABELS, LEGAL_STATUS_LABELS } from '~/contract/legal-person.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Badge, type BadgeProps } from '~/ui/badge.tsx';
import { EMPTY, JALALI_MONTHS } from '~/ui/format.ts';

/** Display pieces shared by the persons screens: Persian labels for stored codes, badges. */

const STATUS_TONES: Record<string, BadgeProps['tone']> = {
  active: 'success',
  dissolving: 'warning',
  dissolved: 'danger',
  divested: 'neutral',
  merged: 'neutral',
};

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status] ?? 'neutral'}>{LEGAL_STATUS_LABELS[status] ?? status}</Badge>;
}

/** Marks generated records: the portfolio around the real listed companies is demo data. */
export function DemoBadge() {
  return (
    <Badge tone="warning" title="داده نمونه (ساختگی)، نه اطلاعات واقعی">
      نمونه
    </Badge>
  );
}

export const kindLabel = (kind: string) => LEGAL_KIND_LABELS[kind] ?? kind;

/** An identifier (national id, code, ticker digits) in Persian digits, or a dash. */
export const idText = (v: string | null | undefined) => (v ? toPersianDigits(v) : EMPTY);

/** Yes / no in Persian. */
export const yesNo = (v: boolean) => (v ? 'بله' : 'خیر');

/** A fiscal year end stored as Jalali `MM-DD`: '12-29' → '۲۹ اسفند'. */
export function fiscalYearEndText(v: string | null): string {
  const m = v ? /^(\d{1,2})-(\d{1,2})$/.exec(v) : null;
  const month = m ? JALALI_MONTHS[Number(m[1]) - 1] : undefined;
  if (!m || !month) return v ? toPersianDigits(v) : EMPTY;
  return `${toPersianDigits(Number(m[2]))} ${month}`;
}
