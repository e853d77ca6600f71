/**
 * The codes of the company reports that list screens need in their URL schemas and filters
 * (route files, hence the sign-in page's JavaScript): kept apart from company-reports.ts so that
 * they do not bring zod's fields and the Jalali library into it.
 */

/** Realistic kinds of Codal letters (stored in Persian). */
export const CODAL_KINDS = [
  'گزارش فعالیت ماهانه',
  'اطلاعات و صورت‌های مالی میاندوره‌ای',
  'اطلاعات و صورت‌های مالی سالانه',
  'آگهی دعوت به مجمع',
  'تصمیمات مجمع',
  'پیش‌بینی درآمد هر سهم',
  'افشای اطلاعات بااهمیت',
  'زمان‌بندی پرداخت سود',
] as const;

/** Kinds of minutes of meetings (MoM) and their Persian names. */
export const MINUTES_KINDS = ['board', 'assembly', 'supervision', 'other'] as const;
export const MINUTES_KIND_LABELS: Record<string, string> = {
  board: 'هیئت مدیره',
  assembly: 'مجمع',
  supervision: 'نظارتی',
  other: 'سایر',
};
