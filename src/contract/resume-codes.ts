/**
 * The resume's codes and their Persian labels: plain constants without zod, so that the route
 * files' search schemas (loaded with the app, before any screen) can use them cheaply.
 * contract/resume.ts re-exports them.
 */

export const GENDERS = ['male', 'female'] as const;
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { male: 'مرد', female: 'زن' };

export const EDUCATION_LEVELS = ['diploma', 'associate', 'bachelor', 'master', 'doctorate'] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];
export const EDUCATION_LEVEL_LABELS: Record<EducationLevel, string> = {
  diploma: 'دیپلم',
  associate: 'کاردانی',
  bachelor: 'کارشناسی',
  master: 'کارشناسی ارشد',
  doctorate: 'دکتری',
};

export const REVIEW_STATUSES = ['received', 'under_review', 'shortlisted', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  received: 'دریافت‌شده',
  under_review: 'در حال بررسی',
  shortlisted: 'فهرست کوتاه',
  rejected: 'ردشده',
};
