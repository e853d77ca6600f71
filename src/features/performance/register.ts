import { type EntityRef, registerEntityActions } from '~/lib/entity-actions.ts';

/** What the performance feature adds to shared places: a company's evaluation in the palette. */
const view = (e: EntityRef, hash: string) => `/performance/view/${e.id}#${hash}`;
registerEntityActions('legal', [
  {
    id: 'legal.evaluation',
    title: 'ارزیابی عملکرد',
    keywords: ['evaluation', 'performance', 'ratios', 'ارزیابی', 'نسبت‌ها'],
    href: (e) => view(e, 'ratios'),
  },
  {
    id: 'legal.z-history',
    title: 'سابقه امتیاز Z آلتمن',
    keywords: ['z', 'altman', 'z history', 'آلتمن', 'درماندگی'],
    href: (e) => view(e, 'z'),
  },
  {
    id: 'legal.rating',
    title: 'رتبه‌بندی',
    keywords: ['rating', 'grade', 'score', 'رتبه', 'رده', 'امتیاز'],
    // The portfolio's rating (the newest year) searched by the company's name.
    href: (e) => `/performance/evaluation/rating?q=${encodeURIComponent(e.title)}`,
  },
  {
    id: 'legal.statements',
    title: 'صورت‌های مالی',
    keywords: ['statements', 'financial', 'صورت مالی', 'ترازنامه'],
    // The statements list searched by the company's name.
    href: (e) => `/performance/financial-statement/list?q=${encodeURIComponent(e.title)}`,
  },
]);
