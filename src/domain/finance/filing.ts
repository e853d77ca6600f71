import { addDays, addMonths, newDate } from 'date-fns-jalali';
import { isoOfDate } from '../jalali.ts';

/**
 * When a statement is due (مهلت ارسال صورت مالی), after the disclosure instruction of the
 * Securities and Exchange Organization (دستورالعمل اجرایی افشای اطلاعات شرکت‌های ثبت‌شده نزد
 * سازمان بورس و اوراق بهادار, ۱۳۸۶, art. 7): audited annual statements at most four months after
 * the fiscal year end (also the Commercial Code's limit for the ordinary general assembly that
 * approves them, art. 89 of the 1347 amendment), audited six-month statements within 60 days, and
 * the unaudited 3- and 9-month statements within 30 days of the period end. The oversight body
 * applies the same calendar to its unlisted companies.
 *
 * `periodEnd` and the answer are ISO dates; months are counted on the Jalali calendar by
 * date-fns-jalali (29 Esfand 1402 + 4 months = 29 Tir 1403). Throws on a period other than 3, 6, 9 or 12.
 */
export function filingDueDate(periodEnd: string, periodMonths: number): string {
  const [y, m, d] = periodEnd.split('-').map(Number) as [number, number, number];
  const end = new Date(y, m - 1, d);
  switch (periodMonths) {
    case 12:
      return isoOfDate(addMonths(end, 4));
    case 6:
      return isoOfDate(addDays(end, 60));
    case 3:
    case 9:
      return isoOfDate(addDays(end, 30));
    default:
      throw new RangeError(`period must be 3, 6, 9 or 12 months, got ${periodMonths}`);
  }
}

/**
 * Whether a statement is late on `today` (ISO date): filed after its due date (the day of its
 * first submission, ISO), or not filed and its due date has passed. Filing on the due date is on time.
 */
export const isLate = (dueDate: string, filedOn: string | null, today: string): boolean =>
  filedOn === null ? today > dueDate : filedOn > dueDate;

/**
 * The ISO end date of a period of Jalali fiscal year `fiscalYear` (a fiscal year from 1 Farvardin
 * to the last day of Esfand, as every company here keeps it): 3 months → 31 Khordad, 6 → 31
 * Shahrivar, 9 → 30 Azar, 12 → 30 Esfand in a leap year, else 29 Esfand. Throws on another period.
 */
export function periodEndOf(fiscalYear: number, periodMonths: number): string {
  const day = (m: number, d: number) => isoOfDate(newDate(fiscalYear, m - 1, d));
  switch (periodMonths) {
    case 3:
      return day(3, 31);
    case 6:
      return day(6, 31);
    case 9:
      return day(9, 30);
    case 12: {
      const leap = isoOfDate(newDate(fiscalYear, 11, 30));
      // date-fns-jalali rolls 30 Esfand of a common year over to 1 Farvardin of the next
      return isoOfDate(newDate(fiscalYear + 1, 0, 1)) === leap ? day(12, 29) : leap;
    }
    default:
      throw new RangeError(`period must be 3, 6, 9 or 12 months, got ${periodMonths}`);
  }
}
