import { LEGAL_KIND_LABELS, LEGAL_STATUS_LABELS } from '~/contract/persons.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { EMPTY, formatDate, formatNumber } from '~/ui/format.ts';
import { educationText, LEGAL_FIELD_LABELS, TRUE_FIELD_LABELS } from '../edit/labels.ts';
import { GENDER_LABELS } from '../search.ts';

/** How the history tab names entities, actions and fields, and shows values, in Persian. */

export const ACTION_LABELS: Record<string, string> = { create: 'ثبت', update: 'ویرایش', delete: 'حذف' };

export const ENTITY_LABELS: Record<string, string> = {
  legal_person: 'مشخصات',
  true_person: 'مشخصات',
  shareholding: 'سهامداری',
  board: 'هیئت مدیره',
  board_seat: 'کرسی هیئت مدیره',
  branch: 'شعبه',
  contact: 'راه ارتباطی',
  document: 'سند',
};

/** Fields of related entities (shareholdings, seats …) beside the forms' own. */
const OTHER_LABELS: Record<string, string> = {
  percentage: 'درصد',
  share_class: 'نوع سهم',
  valid_from: 'از تاریخ',
  valid_to: 'تا تاریخ',
  position: 'سمت',
  start_date: 'از تاریخ',
  end_date: 'تا تاریخ',
  term_start: 'آغاز دوره',
  term_end: 'پایان دوره',
  is_executive: 'موظف',
  is_independent: 'مستقل',
  company_id: 'شرکت',
  holder_legal_id: 'سهامدار حقوقی',
  holder_true_id: 'سهامدار حقیقی',
  representative_id: 'نماینده',
  ceo_id: 'مدیرعامل',
  value: 'مقدار',
  is_primary: 'اصلی',
  manager: 'مدیر',
  city_id: 'شهر',
};

/** Bookkeeping columns not worth a line. */
export const HIDDEN_FIELDS = new Set(['version', 'updated_at', 'created_at', 'search_text', 'id']);

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** The changes worth a line: not bookkeeping, and not empty on both sides (a create's unset fields). */
export const shownChanges = <C extends { field: string; before: unknown; after: unknown }>(changes: C[]) =>
  changes.filter((c) => !HIDDEN_FIELDS.has(c.field) && !(blank(c.before) && blank(c.after)));

export function fieldLabel(entity: string, field: string): string {
  const own = entity === 'true_person' ? TRUE_FIELD_LABELS : LEGAL_FIELD_LABELS;
  return own[field] ?? OTHER_LABELS[field] ?? LEGAL_FIELD_LABELS[field] ?? TRUE_FIELD_LABELS[field] ?? field;
}

const AMOUNTS = new Set(['registered_capital', 'share_count', 'nominal_share_value', 'employees']);
/** Picked records' ids (not the national id, which is a code). */
const ID_FIELDS = /^(?!national_id$).+_id$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;

/** A before/after value as text: labels for codes, Jalali dates, grouped amounts, Persian digits. */
export function valueText(field: string, value: unknown, names: Record<string, string> = {}): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'بله' : 'خیر';
  if (field === 'industry_id' && names[String(value)]) return names[String(value)]!;
  if (field === 'kind') return LEGAL_KIND_LABELS[String(value)] ?? String(value);
  if (field === 'status') return LEGAL_STATUS_LABELS[String(value)] ?? String(value);
  if (field === 'gender') return GENDER_LABELS[String(value)] ?? String(value);
  if (field === 'education_level') return educationText(String(value)) ?? EMPTY;
  if (field === 'email' || field === 'website') return String(value);
  if (AMOUNTS.has(field)) return formatNumber(String(value));
  if (typeof value === 'string' && ISO_DATE.test(value)) return formatDate(value.slice(0, 10));
  if (typeof value === 'number' || typeof value === 'string') {
    const text = String(value);
    return ID_FIELDS.test(field) ? `شناسه ${toPersianDigits(text)}` : toPersianDigits(text);
  }
  return toPersianDigits(JSON.stringify(value));
}
