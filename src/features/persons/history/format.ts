import { MINUTES_KIND_LABELS } from '~/contract/company-report-codes.ts';
import { REPORT_PERIOD_LABELS } from '~/contract/company-reports.ts';
import { CONTACT_KIND_LABELS, type ContactKind } from '~/contract/contacts.ts';
import { LEGAL_KIND_LABELS, LEGAL_STATUS_LABELS } from '~/contract/legal-person.ts';
import { GENDER_LABELS } from '~/contract/resume-codes.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { EMPTY, formatDate, formatNumber } from '~/ui/format.ts';
import { educationText, LEGAL_FIELD_LABELS, TRUE_FIELD_LABELS } from '../edit/labels.ts';

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
  // documents and contacts of an owner
  title: 'عنوان',
  file_name: 'نام پرونده',
  document_type: 'نوع سند',
  document_type_id: 'نوع سند',
  mime: 'نوع پرونده',
  size: 'اندازه (بایت)',
  sha256: 'چکیده SHA-256',
  owner_type: 'نوع مالک',
  owner_id: 'مالک',
  legal_person_id: 'شخص حقوقی',
  // company reports (`record` says which kind of row changed)
  record: 'نوع رکورد',
  record_id: 'شناسه رکورد',
  product: 'محصول',
  unit: 'واحد',
  fiscal_year: 'سال مالی',
  period: 'دوره',
  planned: 'برنامه',
  produced: 'تولید',
  sold: 'فروش',
  sales_value: 'مبلغ فروش (ریال)',
  nominal_capacity: 'ظرفیت اسمی',
  actual_production: 'تولید واقعی',
  year: 'سال',
  month: 'ماه',
  production: 'تولید',
  sales_quantity: 'مقدار فروش',
  tracing_number: 'شماره پیگیری',
  letter_code: 'کد نامه',
  published_at: 'زمان انتشار',
  url: 'نشانی',
  meeting_date: 'تاریخ جلسه',
  attendees: 'حاضران',
  decisions: 'مصوبات',
  follow_up_date: 'تاریخ پیگیری',
};

/** What a company-report audit row's `record` names. */
const RECORD_LABELS: Record<string, string> = {
  product_report: 'گزارش تولید',
  production_capacity: 'ظرفیت تولید',
  monthly_performance_report: 'گزارش فعالیت ماهانه',
  codal_info: 'اطلاعیه کدال',
  meeting_minutes: 'صورت‌جلسه',
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

const AMOUNTS = new Set([
  'registered_capital',
  'share_count',
  'nominal_share_value',
  'employees',
  'size',
  'planned',
  'produced',
  'sold',
  'sales_value',
  'nominal_capacity',
  'actual_production',
  'production',
  'sales_quantity',
]);
/** Picked records' ids (not the national id, which is a code). */
const ID_FIELDS = /^(?!national_id$).+_id$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;

/** A before/after value as text: labels for codes, Jalali dates, grouped amounts, Persian digits. */
export function valueText(field: string, value: unknown, names: Record<string, string> = {}): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'بله' : 'خیر';
  if (field === 'industry_id' && names[String(value)]) return names[String(value)]!;
  if (field === 'kind') {
    const v = String(value);
    return LEGAL_KIND_LABELS[v] ?? CONTACT_KIND_LABELS[v as ContactKind] ?? MINUTES_KIND_LABELS[v] ?? v;
  }
  if (field === 'record') return RECORD_LABELS[String(value)] ?? String(value);
  if (field === 'period') return REPORT_PERIOD_LABELS[String(value)] ?? String(value);
  if (field === 'status') return LEGAL_STATUS_LABELS[String(value)] ?? String(value);
  if (field === 'gender') return (GENDER_LABELS as Record<string, string>)[String(value)] ?? String(value);
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
