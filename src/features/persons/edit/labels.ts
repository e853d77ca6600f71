import { EDUCATION_VALUES } from '~/contract/person-forms.ts';
import { EDUCATION_LEVEL_LABELS } from '~/contract/resume.ts';

/**
 * The Persian names of the persons' fields, as the forms label them; the history tab names
 * changed fields with them (a picked id by its picker's label).
 */

export const LEGAL_FIELD_LABELS: Record<string, string> = {
  name: 'نام',
  kind: 'نوع شخص حقوقی',
  national_id: 'شناسه ملی',
  registration_number: 'شماره ثبت',
  registration_date: 'تاریخ ثبت',
  registration_city_id: 'شهر محل ثبت',
  legal_form: 'نوع شرکت',
  economic_code: 'کد اقتصادی',
  ownership_type: 'نوع مالکیت',
  registered_capital: 'سرمایه ثبتی (ریال)',
  share_count: 'تعداد سهام',
  nominal_share_value: 'ارزش اسمی هر سهم (ریال)',
  industry_id: 'صنعت',
  supervising_body_id: 'نهاد ناظر',
  is_listed: 'بورسی',
  ticker: 'نماد',
  status: 'وضعیت',
  address: 'نشانی',
  postal_code: 'کد پستی',
  phone: 'تلفن',
  website: 'وبگاه',
  employees: 'شمار کارکنان (نفر)',
};

export const TRUE_FIELD_LABELS: Record<string, string> = {
  first_name: 'نام',
  last_name: 'نام خانوادگی',
  father_name: 'نام پدر',
  national_code: 'کد ملی',
  birth_certificate_number: 'شماره شناسنامه',
  birth_date: 'تاریخ تولد',
  birth_city_id: 'شهر محل تولد',
  gender: 'جنسیت',
  mobile: 'تلفن همراه',
  email: 'رایانامه',
  education_level: 'مقطع تحصیلی',
  field_of_study: 'رشته تحصیلی',
};

/**
 * Education levels as shown: the registry stores the Persian word itself (EDUCATION_VALUES);
 * the resume's codes (bachelor …) are read too.
 */
export const EDUCATION_LABELS: Record<string, string> = {
  ...EDUCATION_LEVEL_LABELS,
  ...Object.fromEntries(EDUCATION_VALUES.map((v) => [v, v])),
};

/** The form's value of a stored education level (the Persian word), or ''. */
export function educationCode(stored: string | null): string {
  if (!stored) return '';
  const word = EDUCATION_LABELS[stored] ?? stored;
  return (EDUCATION_VALUES as readonly string[]).includes(word) ? word : '';
}

/** An education level in Persian, stored as a code or as the word. */
export const educationText = (stored: string | null) =>
  stored ? (EDUCATION_LABELS[stored] ?? stored) : null;
