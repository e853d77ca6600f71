import { format as formatJalali } from 'date-fns-jalali';
import {
  DECIMAL,
  formatNumber,
  group,
  MINUS,
  type Numeric,
  numericParts as parts,
  toPersianDigits,
} from '~/domain/persian-text.ts';

/**
 * Display formatters: Persian digits, Persian separators (٬ thousands, ٫ decimals), Jalali
 * dates. Hand-written rather than Intl so that the output is the same in every browser and in
 * tests. Amounts travel as strings (they exceed 2^53) and are formatted without going through
 * a float.
 */

/** What a formatter shows for no value. */
export const EMPTY = '—';
export { formatNumber };

/**
 * An amount in rials, whole: '1250000000' → '۱٬۲۵۰٬۰۰۰٬۰۰۰'. The unit goes in the column
 * header; pass `unit: true` for a standalone amount ('۱٬۲۵۰ ریال').
 */
export function formatRial(value: Numeric, opts: { unit?: boolean } = {}): string {
  const p = parts(value, 0);
  if (!p) return EMPTY;
  const text = (p.neg ? MINUS : '') + toPersianDigits(group(p.int));
  return opts.unit ? `${text} ریال` : text;
}

/**
 * A percentage from a fraction: 0.1234 → '۱۲٫۳۴٪', 0.5 → '۵۰٪'. At most `fractionDigits`
 * (default 2) decimals; trailing zeros are dropped.
 */
export function formatPercent(fraction: number | string | null | undefined, fractionDigits = 2): string {
  if (fraction === null || fraction === undefined || fraction === '') return EMPTY;
  const n = Number(fraction);
  if (!Number.isFinite(n)) return EMPTY;
  const p = parts(Number((n * 100).toFixed(fractionDigits)), fractionDigits);
  if (!p) return EMPTY;
  const frac = p.frac.replace(/0+$/, '');
  return `${(p.neg ? MINUS : '') + toPersianDigits(group(p.int) + (frac ? DECIMAL + frac : ''))}٪`;
}

/** What a holding's share reads when it was declared without a figure (issue 17). */
export const UNKNOWN_SHARE = 'نامعلوم';

/** A holding's share (fraction) as a percentage, «نامعلوم» when it is not known (null). */
export const formatShare = (fraction: number | string | null, fractionDigits = 2) =>
  fraction === null ? UNKNOWN_SHARE : formatPercent(fraction, fractionDigits);

type DateInput = Date | string | number | null | undefined;

/** A Date from an ISO timestamp, a date-only string (read as a local calendar day) or epoch ms. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  }
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A Jalali date: 2026-11-22 → '۱۴۰۵/۰۹/۰۱'. */
export function formatDate(value: DateInput): string {
  const d = toDate(value);
  return d ? toPersianDigits(formatJalali(d, 'yyyy/MM/dd')) : EMPTY;
}

/** A Jalali date and time: '۱۴۰۵/۰۹/۰۱ ۱۴:۰۵'. */
export function formatDateTime(value: DateInput): string {
  const d = toDate(value);
  return d ? toPersianDigits(formatJalali(d, 'yyyy/MM/dd HH:mm')) : EMPTY;
}

/** The Jalali months' names, Farvardin first. */
export const JALALI_MONTHS = [
  'فروردین',
  'اردیبهشت',
  'خرداد',
  'تیر',
  'مرداد',
  'شهریور',
  'مهر',
  'آبان',
  'آذر',
  'دی',
  'بهمن',
  'اسفند',
];

/** A Jalali date in words: '۱ آذر ۱۴۰۵' (print headers, dashboards). */
export function formatDateLong(value: DateInput): string {
  const d = toDate(value);
  if (!d) return EMPTY;
  const [y, m, day] = formatJalali(d, 'yyyy-M-d').split('-').map(Number) as [number, number, number];
  return `${toPersianDigits(day)} ${JALALI_MONTHS[m - 1]} ${toPersianDigits(y)}`;
}

const UNITS: [limitSeconds: number, seconds: number, word: string][] = [
  [3600, 60, 'دقیقه'],
  [86_400, 3600, 'ساعت'],
  [30 * 86_400, 86_400, 'روز'],
  [365 * 86_400, 30 * 86_400, 'ماه'],
  [Number.POSITIVE_INFINITY, 365 * 86_400, 'سال'],
];

/**
 * A relative time where recency matters: '۳ دقیقه پیش', '۲ روز پیش', 'همین حالا',
 * '۵ دقیقه دیگر'. Show the full date (formatDateTime) on focus or in a title beside it.
 */
export function formatRelative(value: DateInput, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return EMPTY;
  const diff = Math.round((now.getTime() - d.getTime()) / 1000);
  const abs = Math.abs(diff);
  if (abs < 45) return 'همین حالا';
  for (const [limit, size, word] of UNITS) {
    if (abs < limit) {
      const n = Math.max(1, Math.floor(abs / size));
      return `${toPersianDigits(n)} ${word} ${diff >= 0 ? 'پیش' : 'دیگر'}`;
    }
  }
  return EMPTY;
}
