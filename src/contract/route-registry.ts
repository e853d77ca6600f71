/**
 * The one registry of client screens. The router guard, the menu, the command palette, page
 * titles, the `?` sheet and the server's seed of route permissions all read it. A screen is
 * `built` when its route file exists; `planned` entries are specification paths not built yet
 * (listed so that a test can check every specification path is accounted for).
 */
export type Layout = 'main' | 'map' | 'empty' | 'login' | 'board' | 'user-panel' | 'data-rock';

export interface ScreenEntry {
  /** The specification's path pattern, parameters in braces: `/person/legal-persons/view/{id}`. */
  path: string;
  /** Persian title (page title, menu, palette). */
  title: string;
  layout: Layout;
  /** Permission ident that opens it; null for public screens. */
  permission: string | null;
  status: 'built' | 'planned';
  /** Menu section (Persian) when it appears in the menu. */
  menu?: string;
  /** Go-to shortcut as a tinykeys sequence of physical keys, e.g. `KeyG KeyL`. */
  keys?: string;
  /** Extra words the palette matches (Persian or Latin). */
  keywords?: string[];
}

/** Permission idents and their Persian titles; the server seeds `permissions` from this. */
export const PERMISSIONS: Record<string, string> = {
  dashboard: 'داشبورد',
  'person.legal.list': 'فهرست اشخاص حقوقی',
  'person.legal.view': 'مشاهده شخص حقوقی',
  'person.legal.edit': 'ثبت و ویرایش شخص حقوقی',
  'person.true.list': 'فهرست اشخاص حقیقی',
  'person.true.view': 'مشاهده شخص حقیقی',
  'person.true.edit': 'ثبت و ویرایش شخص حقیقی',
  'person.board': 'هیئت مدیره',
  'ownership.graph': 'نمودار مالکیت',
  'ownership.manage': 'اصلاح ساختار مالکیت و تعیین نهادهای دولتی',
  contracts: 'قراردادها',
  circulars: 'بخشنامه‌ها',
  contacts: 'پیام‌های تماس',
  assets: 'دارایی‌ها',
  labels: 'برچسب‌ها',
  industries: 'صنایع',
  performance: 'ارزیابی عملکرد',
  'performance.manage': 'تنظیم شاخص‌ها، سنجه‌ها و فرمول‌های ارزیابی',
  'financial.statements': 'صورت‌های مالی',
  'financial.statements.edit': 'ورود و ارسال صورت‌های مالی',
  'financial.statements.review': 'بررسی و برگشت صورت‌های مالی',
  projects: 'پروژه‌ها',
  documents: 'اسناد و مصوبات',
  issues: 'موضوعات',
  assemblies: 'مجامع',
  workflow: 'گردش کار',
  exports: 'صادرات کالا و خدمات',
  resumes: 'رزومه‌ها',
  'resumes.manage': 'مدیریت پرسش‌ها و تعهدنامه رزومه',
  notifications: 'اعلان‌ها و پیامک',
  'management.users': 'مدیریت کاربران',
  'management.roles': 'مدیریت نقش‌ها و دسترسی‌ها',
  'management.settings': 'تنظیمات سامانه',
  'management.system': 'مدیریت داده‌های پایه',
  'logs.view': 'گزارش‌های سامانه',
  'logs.unblock': 'آزاد کردن نشانی‌های مسدود',
  profile: 'نمایه کاربری',
};

const p = (
  path: string,
  title: string,
  permission: string | null,
  extra: Partial<Omit<ScreenEntry, 'path' | 'title' | 'permission'>> = {},
): ScreenEntry => ({ path, title, permission, layout: 'main', status: 'planned', ...extra });

const built = { status: 'built' as const };

/**
 * The screens under /performance (issue 16) by their path after /performance: built, with their
 * menu entries, keys and palette words (the portfolio, the configuration, the rating).
 */
const PERFORMANCE_SCREENS: Record<string, Partial<ScreenEntry>> = {
  '/view/{id}': built,
  '': {
    ...built,
    menu: 'صنایع و عملکرد',
    keys: 'KeyG KeyP',
    keywords: ['performance', 'portfolio', 'overview', 'عملکرد', 'سبد', 'نمای کلی'],
  },
  '/statistics': {
    ...built,
    menu: 'صنایع و عملکرد',
    keywords: ['statistics', 'median', 'quartile', 'آمار', 'میانه', 'چارک'],
  },
  '/audit-report': {
    ...built,
    menu: 'صنایع و عملکرد',
    keywords: ['audit', 'auditor opinion', 'حسابرسی', 'اظهارنظر', 'مشروط', 'مردود'],
  },
  '/product-reports': {
    ...built,
    menu: 'صنایع و عملکرد',
    keywords: ['product reports', 'production', 'تولید', 'فروش', 'محصول'],
  },
  '/production-capacity': {
    ...built,
    menu: 'صنایع و عملکرد',
    keywords: ['capacity', 'utilisation', 'ظرفیت', 'بهره‌برداری'],
  },
  // the evaluation's configuration: formulas, measures, items and grade bands
  '/items': {
    ...built,
    menu: 'صنایع و عملکرد',
    keywords: ['performance items', 'weights', 'grade bands', 'rating', 'شاخص', 'وزن', 'رده', 'رتبه'],
  },
  '/formulas/list': {
    ...built,
    menu: 'صنایع و عملکرد',
    keywords: ['formulas', 'formula editor', 'preview', 'فرمول', 'پیش‌نمایش'],
  },
  '/measures/list': {
    ...built,
    menu: 'صنایع و عملکرد',
    keywords: ['measures', 'measure values', 'سنجه', 'مقادیر سنجه'],
  },
  // the rating and the evaluation of the portfolio
  '/evaluation': {
    ...built,
    menu: 'صنایع و عملکرد',
    keywords: [
      'evaluation',
      'ratios',
      'altman',
      'article 141',
      'efficiency',
      'dea',
      'ارزیابی',
      'کارایی',
      'نسبت‌ها',
    ],
  },
  '/evaluation/rating': {
    ...built,
    menu: 'صنایع و عملکرد',
    keywords: ['rating', 'grade', 'score', 'رتبه', 'رده', 'امتیاز'],
  },
  '/corporate-governance': { ...built, keywords: ['governance', 'board', 'راهبری', 'هیئت‌مدیره'] },
  '/transparency': { ...built, keywords: ['transparency', 'disclosure', 'شفافیت', 'افشا'] },
  '/ecomomic-strength': { ...built, keywords: ['economic strength', 'economic', 'توان اقتصادی'] },
  '/evaluation-managers': { ...built, keywords: ['managers', 'management evaluation', 'مدیران'] },
};

export const SCREENS: ScreenEntry[] = [
  // Home and auth
  p('/', 'داشبورد', null, { ...built, menu: 'خانه', keys: 'KeyG KeyH', keywords: ['dashboard', 'home'] }),
  p('/gpt', 'دستیار', 'dashboard', { layout: 'empty' }),
  p('/auth/login', 'ورود', null, { ...built, layout: 'login' }),
  p('/login', 'ورود', null, { ...built, layout: 'login' }),
  p('/auth/signup', 'ثبت‌نام', null, { ...built, layout: 'login' }),
  p('/auth/select-role', 'انتخاب نقش', null, { ...built, layout: 'login' }),
  p('/auth/change-password', 'تغییر گذرواژه', null, { ...built, layout: 'login' }),
  p('/auth/forget-password', 'بازیابی گذرواژه', null, { ...built, layout: 'login' }),
  p('/auth/waiting', 'در انتظار تأیید', null, { ...built, layout: 'login' }),
  // Persons
  p('/person/legal-persons', 'اشخاص حقوقی', 'person.legal.list', {
    ...built,
    menu: 'اشخاص',
    keys: 'KeyG KeyL',
    keywords: ['companies', 'شرکت‌ها', 'legal'],
  }),
  p('/person/legal-persons/create', 'ثبت شخص حقوقی', 'person.legal.edit', built),
  p('/person/legal-persons/update/{id}', 'ویرایش شخص حقوقی', 'person.legal.edit', built),
  p('/person/legal-persons/view/{id}', 'مشاهده شخص حقوقی', 'person.legal.view', built),
  p('/person/legal-persons/status/{id}', 'گزارش وضعیت شرکت', 'person.legal.view', built),
  p('/person/legal-persons/create-form/{id}', 'فرم وضعیت شرکت', 'person.legal.edit', built),
  p('/person/legal-persons/product-reports/{id}', 'گزارش‌های تولید شرکت', 'person.legal.view', built),
  p('/person/legal-persons/production-capacity/{id}', 'ظرفیت تولید شرکت', 'person.legal.view', built),
  p('/person/legal-persons/codal-infos', 'اطلاعات کدال', 'person.legal.list', {
    ...built,
    menu: 'اشخاص',
    keywords: ['codal', 'کدال', 'اطلاعیه', 'disclosures'],
  }),
  p(
    '/person/legal-persons/{lid}/monthly-performance-report/list',
    'گزارش فعالیت ماهانه',
    'person.legal.view',
    built,
  ),
  p('/person/legal-persons/mom/list', 'صورت‌جلسات', 'person.legal.list', {
    ...built,
    menu: 'اشخاص',
    keywords: ['minutes', 'mom', 'صورتجلسه', 'جلسه'],
  }),
  p('/person/legal-person-branch/create/{lid}', 'ثبت شعبه', 'person.legal.edit', built),
  p('/person/legal-person-branch/update/{lid}/{id}', 'ویرایش شعبه', 'person.legal.edit', built),
  p('/person/true-persons', 'اشخاص حقیقی', 'person.true.list', {
    ...built,
    menu: 'اشخاص',
    keys: 'KeyG KeyT',
    keywords: ['people', 'افراد', 'true'],
  }),
  p('/person/true-persons/create', 'ثبت شخص حقیقی', 'person.true.edit', built),
  p('/person/true-persons/update/{id}', 'ویرایش شخص حقیقی', 'person.true.edit', built),
  p('/person/true-persons/view/{id}', 'مشاهده شخص حقیقی', 'person.true.view', built),
  p('/person/true-persons/export', 'خروجی اشخاص حقیقی', 'person.true.list', {
    ...built,
    keywords: ['export', 'excel', 'csv', 'خروجی'],
  }),
  p('/person/legal-person-board/create', 'ثبت هیئت مدیره', 'person.board', built),
  p('/person/legal-person-board/update/{lid}/{id}', 'ویرایش هیئت مدیره', 'person.board', built),
  p('/person/legal-person-board/list', 'هیئت‌های مدیره', 'person.board', {
    ...built,
    menu: 'اشخاص',
    keywords: ['boards', 'board', 'هیئت مدیره', 'کرسی'],
  }),
  p('/person/board-interlocks', 'پیوندهای هیئت مدیره', 'person.legal.view', {
    ...built,
    menu: 'اشخاص',
    keywords: ['interlocks', 'interlocking boards', 'پیوند', 'عضویت چندگانه', 'هیئت مدیره', 'سهامدار'],
  }),
  p('/person/all-legal-persons', 'همه اشخاص حقوقی', 'person.legal.list', {
    ...built,
    menu: 'اشخاص',
    keywords: ['all', 'legal', 'صندوق', 'وزارتخانه'],
  }),
  p('/person/all-persons', 'همه اشخاص', 'person.legal.list', {
    ...built,
    menu: 'اشخاص',
    keywords: ['all', 'persons', 'people', 'اشخاص'],
  }),
  p('/person/shareholder/{legalId}', 'سهامداران', 'person.legal.view', built),
  p('/person/ownership-review', 'بازبینی مالکیت', 'person.legal.view', {
    ...built,
    menu: 'اشخاص',
    keywords: ['ownership review', 'declared', 'compare dates', 'اظهارشده', 'مقایسه', 'سهم دولت'],
  }),
  p('/person/corporate-structure-modification', 'اصلاح ساختار شرکتی', 'ownership.manage', {
    ...built,
    menu: 'اشخاص',
    keywords: ['structure', 'merge', 'transfer', 'ساختار', 'ادغام', 'انتقال سهم', 'پیش‌نویس'],
  }),
  p('/person/legal-persons/graph/{id}', 'نمودار مالکیت', 'ownership.graph', { layout: 'map', ...built }),
  p('/person/legal-persons/shareholder-graph/{id}', 'نمودار سهامداران', 'ownership.graph', {
    layout: 'map',
    ...built,
  }),
  // Other pages
  p('/contract', 'قراردادها', 'contracts', { menu: 'اسناد' }),
  p('/contract/view/{id}', 'مشاهده قرارداد', 'contracts'),
  p('/circular/list', 'بخشنامه‌ها', 'circulars', { menu: 'اسناد' }),
  p('/circular/create', 'ثبت بخشنامه', 'circulars'),
  p('/circular/update/{id}', 'ویرایش بخشنامه', 'circulars'),
  p('/circular/view/{id}', 'مشاهده بخشنامه', 'circulars'),
  p('/contacts', 'پیام‌های تماس', 'contacts'),
  p('/contact/create', 'ثبت پیام تماس', 'contacts'),
  p('/asset-list', 'دارایی‌ها', 'assets'),
  p('/asset-list/view/{id}', 'مشاهده دارایی', 'assets'),
  p('/label-list', 'برچسب‌ها', 'labels', { ...built, menu: 'مدیریت', keywords: ['labels', 'tags', 'برچسب'] }),
  p('/boards', 'تابلوی اعلانات', null, { layout: 'board' }),
  p('/industries', 'صنایع', 'industries', {
    ...built,
    menu: 'صنایع و عملکرد',
    keywords: ['industries', 'industry groups', 'sectors', 'صنعت', 'گروه صنعت'],
  }),
  p('/industries/status/{id}', 'وضعیت صنعت', 'industries', built),
  p('/industries/graph/{id}', 'نمودار صنعت', 'industries', built),
  ...[
    ['', 'ارزیابی عملکرد'],
    ['/items', 'شاخص‌های عملکرد'],
    ['/view/{id}', 'مشاهده ارزیابی'],
    ['/evaluation', 'ارزیابی'],
    ['/evaluation/rating', 'رتبه‌بندی'],
    ['/product-reports', 'گزارش‌های تولید'],
    ['/corporate-governance', 'راهبری شرکتی'],
    ['/transparency', 'شفافیت'],
    ['/ecomomic-strength', 'توان اقتصادی'],
    ['/evaluation-managers', 'ارزیابی مدیران'],
    ['/statistics', 'آمار'],
    ['/formulas/list', 'فرمول‌ها'],
    ['/measures/list', 'سنجه‌ها'],
    ['/audit-report', 'گزارش حسابرسی'],
    ['/production-capacity', 'ظرفیت تولید'],
  ].map(([s, t]) => p(`/performance${s}`, t!, 'performance', PERFORMANCE_SCREENS[s!] ?? {})),
  p('/performance/financial-statement/list', 'صورت‌های مالی', 'financial.statements', {
    ...built,
    menu: 'صنایع و عملکرد',
    keywords: ['financial statements', 'statements', 'صورت مالی', 'ترازنامه', 'سود و زیان'],
  }),
  p('/performance/financial-statement/view/{id}', 'مشاهده صورت مالی', 'financial.statements', built),
  p('/performance/financial-statement/items', 'اقلام صورت‌های مالی', 'financial.statements', {
    ...built,
    menu: 'صنایع و عملکرد',
    keywords: ['chart of items', 'line items', 'سرفصل اقلام', 'قلم صورت مالی'],
  }),
  p('/performance/financial-statements-entry-state/list', 'وضعیت ورود صورت‌های مالی', 'financial.statements', {
    ...built,
    menu: 'صنایع و عملکرد',
    keywords: ['entry state', 'matrix', 'وضعیت ورود', 'ماتریس', 'صورت مالی'],
  }),
  // Management
  p('/management/users/create', 'ایجاد کاربر', 'management.users'),
  p('/management/users/list', 'کاربران', 'management.users', {
    ...built,
    menu: 'مدیریت',
    keys: 'KeyG KeyU',
    keywords: ['users'],
  }),
  p('/management/users/detail/{id}', 'جزئیات کاربر', 'management.users'),
  p('/management/users/user-roles/{id}', 'نقش‌های کاربر', 'management.users', built),
  p('/management/roles', 'نقش‌ها', 'management.roles', { ...built, menu: 'مدیریت', keywords: ['roles'] }),
  p('/management/permissions', 'دسترسی‌ها', 'management.roles'),
  p('/management/role/role-permissions/{id}', 'دسترسی‌های نقش', 'management.roles', built),
  p('/management/settings', 'تنظیمات', 'management.settings', { menu: 'مدیریت' }),
  p('/management/pages/list', 'صفحه‌ها', 'management.system'),
  p('/management/document-types/list', 'انواع مستند', 'management.system', {
    ...built,
    menu: 'مدیریت',
    keywords: ['document types', 'مستند', 'انواع مستند'],
  }),
  p('/management/cities', 'شهرها', 'management.system', {
    ...built,
    menu: 'مدیریت',
    keywords: ['cities', 'city', 'شهر', 'استان'],
  }),
  p('/management/versions/list', 'نسخه‌ها', 'management.system'),
  p('/management/versions/history', 'تاریخچه نسخه‌ها', 'management.system'),
  p('/management/jobs', 'صف کارها', 'management.system', {
    ...built,
    menu: 'مدیریت',
    keywords: ['jobs', 'queue', 'sms', 'retry', 'کار', 'صف', 'پیامک', 'تلاش دوباره'],
  }),
  p('/management/helps/list', 'راهنماها', 'management.system'),
  p('/management/routes-permissions/list', 'دسترسی مسیرها', 'management.roles'),
  p('/management/routes-permissions/create', 'ثبت دسترسی مسیر', 'management.roles'),
  p('/management/routes-permissions/update/{id}', 'ویرایش دسترسی مسیر', 'management.roles'),
  p('/projects/create', 'ثبت پروژه', 'projects'),
  p('/projects/update/{id}', 'ویرایش پروژه', 'projects'),
  p('/projects/list', 'پروژه‌ها', 'projects'),
  p('/dashboard/web-data-rock', 'تحلیل داده', null, { layout: 'data-rock' }),
  p('/profile', 'نمایه من', 'profile', { layout: 'user-panel' }),
  p('/update-job', 'به‌روزرسانی شغل', 'profile', { layout: 'user-panel' }),
  p('/eshteghal', 'اشتغال', 'profile', { layout: 'user-panel' }),
  p('/documents/letter-section', 'نامه‌ها', 'documents'),
  p('/documents/rulse', 'قوانین و مقررات', 'documents'),
  p('/documents/approvals', 'مصوبات', 'documents'),
  p('/documents/economic-policies', 'سیاست‌های اقتصادی', 'documents'),
  p('/issues/legal-person', 'موضوعات اشخاص حقوقی', 'issues', {
    ...built,
    menu: 'موضوعات',
    keywords: ['issues', 'audit', 'موضوع', 'نامه', 'مکاتبات'],
  }),
  // Static paths first: `/issues/{object_type}/{object_id}` would match them too (screenFor takes the first).
  p('/issues/triage', 'بررسی موضوعات تازه', 'issues', {
    ...built,
    menu: 'موضوعات',
    keywords: ['triage', 'inbox', 'بررسی', 'موضوعات جدید', 'کارتابل'],
  }),
  p('/issues/view/{id}', 'مشاهده موضوع', 'issues', built),
  p('/issues/letter-print/{id}', 'چاپ نامه', 'issues', { ...built, layout: 'empty' }),
  p('/issues/{object_type}/{object_id}', 'موضوعات', 'issues', built),
  p('/assemblies', 'مجامع', 'assemblies', { menu: 'اسناد' }),
  p('/assemblies/legal-person/{lid}', 'مجامع شرکت', 'assemblies'),
  p('/assemblies/view/{id}', 'مشاهده مجمع', 'assemblies'),
  p('/assemblies/general/list', 'مجامع عمومی', 'assemblies'),
  p('/logs/users', 'گزارش ورود کاربران', 'logs.view', { ...built, menu: 'گزارش‌ها', keywords: ['login log'] }),
  p('/logs/blocked-ips', 'نشانی‌های مسدود', 'logs.view', { ...built, menu: 'گزارش‌ها', keywords: ['blocked'] }),
  p('/logs/sms', 'گزارش پیامک‌ها', 'logs.view', { ...built, menu: 'گزارش‌ها', keywords: ['sms'] }),
  p('/notifications/sms', 'ارسال پیامک', 'notifications', {
    ...built,
    menu: 'اعلان‌ها',
    keywords: ['sms', 'message', 'send sms', 'bulk sms', 'پیامک', 'پیام', 'ارسال پیامک', 'پیامک گروهی'],
  }),
  p('/notifications/schemas', 'الگوهای اعلان', 'notifications', {
    ...built,
    menu: 'اعلان‌ها',
    keywords: ['notification schemas', 'templates', 'sms', 'الگوی اعلان', 'قالب پیام', 'اعلان', 'پیامک'],
  }),
  // Workflow (map layout)
  ...[
    ['/workflow-designer/{pid}', 'طراح گردش کار'],
    ['/action-target/{rid}', 'مقصد اقدام'],
    ['/view-graph/{id}', 'نمودار گردش کار'],
    ['/request/view-graph/{id}', 'نمودار درخواست'],
    ['/process/list', 'فرایندها'],
    ['/process/{id}/notification-schemas/list', 'الگوهای اعلان فرایند'],
    ['/validation/list', 'اعتبارسنجی‌ها'],
    ['/state/{id}', 'وضعیت'],
    ['/report/list', 'گزارش‌های گردش کار'],
    ['/report/label/{id}', 'گزارش برچسب'],
  ].map(([s, t]) => p(`/workflow${s}`, t!, 'workflow', { layout: 'map' })),
  // Workflow (main layout)
  ...[
    ['/transition/{id}', 'انتقال'],
    ['/models/list', 'مدل‌ها'],
    ['/request/{value}', 'کارتابل'],
    ['/request/all', 'همه درخواست‌ها'],
    ['/report/request/{type}', 'گزارش درخواست‌ها'],
  ].map(([s, t]) => p(`/workflow${s}`, t!, 'workflow')),
  p('/exportation/goods-and-services/legal-person/list/{lid}', 'صادرات کالا و خدمات', 'exports'),
  p('/exportation/goods-and-services/legal-person/view/{id}', 'مشاهده صادرات', 'exports'),
  p('/resume/add', 'ثبت رزومه', null, { ...built, layout: 'empty', keywords: ['resume', 'apply'] }),
  p('/resume/list', 'رزومه‌ها', 'resumes', {
    ...built,
    menu: 'انتصابات',
    keywords: ['resumes', 'applicants', 'متقاضیان'],
  }),
  p('/resume/print', 'چاپ رزومه', null, { ...built, layout: 'empty' }),
  p('/resume/print/ViewResume/{ncode}', 'چاپ رزومه', 'resumes', { ...built, layout: 'empty' }),
  p('/resume/terms', 'پرسش‌های رزومه', 'resumes.manage', {
    ...built,
    menu: 'انتصابات',
    keywords: ['terms', 'questions'],
  }),
  p('/resume/provisions', 'تعهدنامه رزومه', 'resumes.manage', {
    ...built,
    menu: 'انتصابات',
    keywords: ['provisions', 'declarations'],
  }),
  p('/status-print/{id}', 'چاپ گزارش وضعیت', 'person.legal.view', { ...built, layout: 'empty' }),
  p('/status-print-form/{id}', 'چاپ فرم وضعیت', 'person.legal.view', { ...built, layout: 'empty' }),
  p('/webinar', 'وبینار', null),
  p('/aboutus', 'درباره ما', null),
  p('/help', 'راهنما', null),
  p('/exiting-the-business/{id}', 'خروج از بنگاه‌داری', 'person.legal.edit'),
];

/**
 * Public paths: the union of the specification's two readings. Paths under /pdf/ skip the guard.
 */
export const PUBLIC_PATHS = new Set(SCREENS.filter((s) => s.permission === null).map((s) => s.path));

/** True when `pathname` is public (no sign-in needed) — including every /pdf/ path. */
export function isPublicPath(pathname: string): boolean {
  if (pathname.startsWith('/pdf/')) return true;
  return SCREENS.some((s) => s.permission === null && matchPattern(s.path, pathname) !== null);
}

/**
 * Matches a concrete path against a pattern with `{param}` segments; returns the parameters, or
 * null. Example: matchPattern('/person/legal-persons/view/{id}', '/person/legal-persons/view/7') → { id: '7' }.
 */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const a = trimSlash(pattern).split('/');
  const b = trimSlash(pathname).split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    const seg = a[i]!;
    const val = b[i]!;
    if (seg.startsWith('{') && seg.endsWith('}')) {
      if (val === '') return null;
      params[seg.slice(1, -1)] = decodeURIComponent(val);
    } else if (seg !== val) return null;
  }
  return params;
}

const trimSlash = (s: string) => (s.length > 1 ? s.replace(/\/+$/, '') : s);

/** The registry entry whose pattern matches `pathname`, or undefined. */
export function screenFor(pathname: string): ScreenEntry | undefined {
  return SCREENS.find((s) => matchPattern(s.path, pathname) !== null);
}

/**
 * The specification's route check: a path is allowed if it matches one of the permitted
 * patterns after the route parameters are substituted.
 */
export function isPathPermitted(pathname: string, permittedPatterns: readonly string[]): boolean {
  return permittedPatterns.some((pattern) => matchPattern(pattern, pathname) !== null);
}

/** Route patterns per permission ident, for the server's seed of route permissions. */
export function routePatternsByPermission(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const s of SCREENS) {
    if (!s.permission) continue;
    const list = out.get(s.permission) ?? [];
    list.push(s.path);
    out.set(s.permission, list);
  }
  return out;
}
