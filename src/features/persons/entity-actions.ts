import { type EntityAction, type EntityRef, registerEntityActions } from '~/lib/entity-actions.ts';

/**
 * What the palette offers on a company and on a person (Ctrl/⌘+K → the entity → Tab). Each
 * action names its screen by path; the registry hides those the role may not open and those
 * still `planned` in the route registry, so screens built later appear here by themselves.
 * Sections of a record view are reached by the view's `#section` hash, the history tab by
 * `#history` (see RecordTabs).
 */

/** An action: its id, Persian title, keywords, and the path it opens (`{id}` the record's id). */
const action = (id: string, title: string, keywords: string[], path: string): EntityAction => ({
  id,
  title,
  keywords,
  href: (e: EntityRef) => path.replace('{id}', String(e.id)),
});
const HISTORY = ['history', 'audit', 'log', 'سابقه'];
const OPEN = ['open', 'view', 'مشاهده'];
const LEGAL = '/person/legal-persons';
const TRUE = '/person/true-persons';

export const COMPANY_ACTIONS: readonly EntityAction[] = [
  action('legal.open', 'باز کردن پرونده', OPEN, `${LEGAL}/view/{id}`),
  action('legal.edit', 'ویرایش', ['edit', 'update'], `${LEGAL}/update/{id}`),
  action('legal.status', 'گزارش وضعیت', ['status report', 'وضعیت شرکت'], `${LEGAL}/status/{id}`),
  action(
    'legal.shareholders',
    'سهامداران',
    ['shareholders', 'ownership', 'مالکیت'],
    '/person/shareholder/{id}',
  ),
  action(
    'legal.shareholder-graph',
    'نمودار سهامداران',
    ['shareholder graph', 'owners graph', 'ultimate controller', 'نمودار مالکیت', 'کنترل'],
    `${LEGAL}/shareholder-graph/{id}`,
  ),
  action(
    'legal.graph',
    'نمودار شرکت‌های زیرمجموعه',
    ['subsidiaries graph', 'ownership graph', 'زیرمجموعه', 'نمودار مالکیت'],
    `${LEGAL}/graph/{id}`,
  ),
  action('legal.board', 'هیئت مدیره', ['board', 'directors', 'مدیرعامل', 'ceo'], `${LEGAL}/view/{id}#board`),
  action('legal.branches', 'شعب', ['branches', 'شعبه'], `${LEGAL}/view/{id}#branches`),
  action(
    'legal.documents',
    'مستندات',
    ['documents', 'files', 'اسناد', 'پرونده‌ها'],
    `${LEGAL}/view/{id}#documents`,
  ),
  action('legal.history', 'تاریخچه تغییرات', HISTORY, `${LEGAL}/view/{id}#history`),
  action(
    'legal.product-reports',
    'گزارش‌های تولید',
    ['product reports', 'production', 'محصولات'],
    `${LEGAL}/product-reports/{id}`,
  ),
  action(
    'legal.production-capacity',
    'ظرفیت تولید',
    ['capacity', 'production capacity'],
    `${LEGAL}/production-capacity/{id}`,
  ),
  action(
    'legal.monthly-performance',
    'گزارش فعالیت ماهانه',
    ['monthly performance', 'monthly report', 'عملکرد ماهانه'],
    `${LEGAL}/{id}/monthly-performance-report/list`,
  ),
];

export const PERSON_ACTIONS: readonly EntityAction[] = [
  action('true.open', 'باز کردن پرونده', OPEN, `${TRUE}/view/{id}`),
  action('true.edit', 'ویرایش', ['edit', 'update'], `${TRUE}/update/{id}`),
  action('true.seats', 'کرسی‌های هیئت مدیره', ['seats', 'board', 'عضویت'], `${TRUE}/view/{id}#seats`),
  action('true.holdings', 'سهامداری', ['holdings', 'shares', 'سهام'], `${TRUE}/view/{id}#shareholdings`),
  action('true.history', 'تاریخچه تغییرات', HISTORY, `${TRUE}/view/{id}#history`),
];

let registered = false;

/** Registers the persons' entity actions (once, however often it is called). */
export function registerPersonEntityActions(): void {
  if (registered) return;
  registered = true;
  registerEntityActions('legal', COMPANY_ACTIONS);
  registerEntityActions('true', PERSON_ACTIONS);
}
