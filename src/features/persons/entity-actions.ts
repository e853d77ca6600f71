import { type EntityAction, type EntityRef, registerEntityActions } from '~/lib/entity-actions.ts';

/**
 * What the palette offers on a company and on a person (Ctrl/⌘+K → the entity → Tab). Each
 * action names its screen by path; the registry hides those the role may not open and those
 * still `planned` in the route registry, so screens built later appear here by themselves.
 * Sections of a record view are reached by the view's `#section` hash, the history tab by
 * `#history` (see RecordTabs).
 */

const legal = (path: string) => (e: EntityRef) => path.replace('{id}', String(e.id));
const legalView =
  (hash = '') =>
  (e: EntityRef) =>
    `/person/legal-persons/view/${e.id}${hash}`;
const trueView =
  (hash = '') =>
  (e: EntityRef) =>
    `/person/true-persons/view/${e.id}${hash}`;

export const COMPANY_ACTIONS: readonly EntityAction[] = [
  { id: 'legal.open', title: 'باز کردن پرونده', keywords: ['open', 'view', 'مشاهده'], href: legalView() },
  {
    id: 'legal.edit',
    title: 'ویرایش',
    keywords: ['edit', 'update'],
    href: legal('/person/legal-persons/update/{id}'),
  },
  {
    id: 'legal.status',
    title: 'گزارش وضعیت',
    keywords: ['status report', 'وضعیت شرکت'],
    href: legal('/person/legal-persons/status/{id}'),
  },
  {
    id: 'legal.shareholders',
    title: 'سهامداران',
    keywords: ['shareholders', 'ownership', 'مالکیت'],
    href: legal('/person/shareholder/{id}'),
  },
  {
    id: 'legal.board',
    title: 'هیئت مدیره',
    keywords: ['board', 'directors', 'مدیرعامل', 'ceo'],
    href: legalView('#board'),
  },
  { id: 'legal.branches', title: 'شعب', keywords: ['branches', 'شعبه'], href: legalView('#branches') },
  {
    id: 'legal.documents',
    title: 'مستندات',
    keywords: ['documents', 'files', 'اسناد', 'پرونده‌ها'],
    href: legalView('#documents'),
  },
  {
    id: 'legal.history',
    title: 'تاریخچه تغییرات',
    keywords: ['history', 'audit', 'log', 'سابقه'],
    href: legalView('#history'),
  },
  {
    id: 'legal.product-reports',
    title: 'گزارش‌های تولید',
    keywords: ['product reports', 'production', 'محصولات'],
    href: legal('/person/legal-persons/product-reports/{id}'),
  },
  {
    id: 'legal.production-capacity',
    title: 'ظرفیت تولید',
    keywords: ['capacity', 'production capacity'],
    href: legal('/person/legal-persons/production-capacity/{id}'),
  },
  {
    id: 'legal.monthly-performance',
    title: 'گزارش فعالیت ماهانه',
    keywords: ['monthly performance', 'monthly report', 'عملکرد ماهانه'],
    href: legal('/person/legal-persons/{id}/monthly-performance-report/list'),
  },
];

export const PERSON_ACTIONS: readonly EntityAction[] = [
  { id: 'true.open', title: 'باز کردن پرونده', keywords: ['open', 'view', 'مشاهده'], href: trueView() },
  {
    id: 'true.edit',
    title: 'ویرایش',
    keywords: ['edit', 'update'],
    href: (e) => `/person/true-persons/update/${e.id}`,
  },
  {
    id: 'true.seats',
    title: 'کرسی‌های هیئت مدیره',
    keywords: ['seats', 'board', 'عضویت'],
    href: trueView('#seats'),
  },
  {
    id: 'true.holdings',
    title: 'سهامداری',
    keywords: ['holdings', 'shares', 'سهام'],
    href: trueView('#shareholdings'),
  },
  {
    id: 'true.history',
    title: 'تاریخچه تغییرات',
    keywords: ['history', 'audit', 'log', 'سابقه'],
    href: trueView('#history'),
  },
];

let registered = false;

/** Registers the persons' entity actions (once, however often it is called). */
export function registerPersonEntityActions(): void {
  if (registered) return;
  registered = true;
  registerEntityActions('legal', COMPANY_ACTIONS);
  registerEntityActions('true', PERSON_ACTIONS);
}
