import { z } from 'zod';
import { parseLegalId, parsePostalCode } from '../domain/identifiers.ts';
import { toAsciiDigits } from '../domain/persian-text.ts';
import { CODE_INPUT, defineEntity, rowSchema } from './entity.ts';
import { inputSchema } from './entity-input.ts';
import {
  optionalAmount,
  optionalCode,
  optionalEnum,
  optionalId,
  optionalInt,
  optionalJalali,
  optionalText,
  persianText,
} from './fields.ts';
import { labelledFields } from './label-codes.ts';
import { CODE_FILTER_OPS, TEXT_FILTER_OPS } from './list.ts';
import { STATE_CLASS_TITLES, STATE_CLASSES } from './ownership.ts';

/**
 * The legal person (GLOSSARY: legal person): a company, holding, ministry, fund or institution,
 * described once. From `legalPersonEntity` come the list (GET /api/person/legal-persons: its
 * columns, sorts and filters, server and client), the create/update body (`legalPersonInput`),
 * the list's row (`legalPersonRow`), the form's fields and sections, the history's field names and
 * the Excel/CSV export and import template. Units: amounts in IRR as decimal strings; dates ISO
 * `YYYY-MM-DD`, typed and shown in Jalali. `kind` and `status` are stored as English codes;
 * `ownership_type` and `legal_form` in Persian.
 */

export const LEGAL_KINDS = ['company', 'holding', 'ministry', 'fund', 'institution'] as const;
export const LEGAL_STATUSES = ['active', 'dissolving', 'dissolved', 'divested', 'merged'] as const;

/** Persian labels of the codes above. */
export const LEGAL_KIND_LABELS: Record<string, string> = {
  company: 'شرکت',
  holding: 'هلدینگ',
  ministry: 'وزارتخانه',
  fund: 'صندوق',
  institution: 'مؤسسه',
};
export const LEGAL_STATUS_LABELS: Record<string, string> = {
  active: 'فعال',
  dissolving: 'در حال انحلال',
  dissolved: 'منحل',
  divested: 'واگذارشده',
  merged: 'ادغام‌شده',
};

/** Legal forms (GLOSSARY), stored in Persian. */
export const LEGAL_FORMS = [
  'سهامی عام',
  'سهامی خاص',
  'مسئولیت محدود',
  'تعاونی',
  'مؤسسه غیرتجاری',
  'صندوق',
] as const;
/** Ownership types (GLOSSARY), stored in Persian. */
export const OWNERSHIP_TYPES = ['دولتی', 'شبه‌دولتی', 'عمومی غیردولتی', 'خصوصی'] as const;

/** The national id (شناسه ملی): 11 digits with its check digit → ASCII digits. Optional for ministries. */
export const legalNationalId = optionalCode(
  'شناسه ملی',
  parseLegalId,
  'شناسه ملی معتبر نیست؛ ۱۱ رقم و رقم کنترل آن را بررسی کنید',
);

/**
 * The filter "under article 141" of every list of companies (legal persons, the entry-state matrix,
 * the rating): the company's latest annual statement's verdict (financial_statements.article_141:
 * accumulated losses at least half of capital, domain/finance/article141.ts), null without one.
 */
export const companyArticle141 = {
  type: 'bool',
  label: 'ماده ۱۴۱',
  nullable: true,
  notInRow: true,
  filter: CODE_FILTER_OPS,
  filterAs: { url: 'a141', yes: 'مشمول ماده ۱۴۱', no: 'غیرمشمول', order: 11 },
} as const;

/**
 * The state's class of a company (issue 17: state-owned above 50% integrated state share,
 * state-affiliated above 0 or controlled, private; a state entity itself; unknown when not
 * computable), as every list of companies shows and filters it: computed from the holdings valid
 * today (server/modules/ownership/classes.ts). `column` places it in the list.
 */
export const companyStateClass = (column: { width: number; order: number }) =>
  ({
    type: 'enum',
    label: 'وضعیت دولتی',
    options: STATE_CLASSES,
    optionLabels: STATE_CLASS_TITLES,
    column,
    filter: CODE_FILTER_OPS,
    filterAs: { url: 'state_class', order: 3 },
  }) as const;

/**
 * The fields in the export's column order; `form.order`, `column.order` and `filterAs.order` place
 * them in the form, the list and the filter bar.
 */
export const legalPersonEntity = defineEntity({
  name: 'legal_person',
  title: 'شخص حقوقی',
  plural: 'اشخاص حقوقی',
  id: 'id',
  display: 'name',
  defaultSort: 'name',
  search: 'نام، نماد یا شناسه ملی',
  permissions: {
    list: 'person.legal.list',
    view: 'person.legal.view',
    create: 'person.legal.edit',
    update: 'person.legal.edit',
  },
  paths: { list: '/api/person/legal-persons', item: '/api/person/legal-persons/:id{[0-9]+}' },
  intro: 'شرکت‌ها، صندوق‌ها و نهادهای تحت نظارت',
  fields: {
    id: { type: 'int', label: 'شناسه' },
    name: {
      type: 'text',
      label: 'نام',
      max: 300,
      input: persianText('نام', 300, 2),
      column: { width: 200, grow: true, order: 0 },
      sort: true,
      filter: TEXT_FILTER_OPS,
      filterAs: { order: 6 },
      builderOnly: true,
      sheet: { width: 40 },
      form: { section: 'هویت', required: true, wide: true, order: 0 },
    },
    kind: {
      type: 'enum',
      label: 'نوع شخص حقوقی',
      options: LEGAL_KINDS,
      optionLabels: LEGAL_KIND_LABELS,
      input: z.enum(LEGAL_KINDS, { error: 'نوع شخص حقوقی را انتخاب کنید' }),
      filter: CODE_FILTER_OPS,
      filterAs: { label: 'نوع', order: 1 },
      sheet: { width: 12, header: 'نوع' },
      form: { section: 'هویت', required: true, initial: 'company', order: 1 },
    },
    national_id: {
      type: 'text',
      label: 'شناسه ملی',
      nullable: true,
      max: 20,
      unique: true,
      input: legalNationalId,
      column: { width: 105, order: 1 },
      sort: true,
      filter: CODE_FILTER_OPS,
      filterAs: { order: 7 },
      builderOnly: true,
      sheet: { width: 14 },
      form: { section: 'هویت', hint: '۱۱ رقم؛ برای وزارتخانه‌ها اختیاری', order: 2, ...CODE_INPUT },
    },
    registration_number: {
      type: 'text',
      label: 'شماره ثبت',
      nullable: true,
      notInRow: true,
      input: optionalText('شماره ثبت', 40),
      sheet: { width: 12 },
      form: { section: 'ثبت', ltr: true, digits: 'all', order: 8 },
    },
    registration_date: {
      type: 'date',
      label: 'تاریخ ثبت',
      nullable: true,
      notInRow: true,
      input: optionalJalali('تاریخ ثبت'),
      sheet: { width: 12 },
      form: { section: 'ثبت', order: 9 },
    },
    registration_city_id: {
      type: 'ref',
      label: 'شهر محل ثبت',
      nullable: true,
      notInRow: true,
      picker: 'city',
      input: optionalId('شهر محل ثبت را از فهرست انتخاب کنید'),
      filter: CODE_FILTER_OPS,
      apiOnly: true,
      sheet: { width: 16, ref: 'city', province: 'province' },
      form: { section: 'ثبت', order: 10 },
    },
    province: {
      type: 'text',
      label: 'استان',
      nullable: true,
      column: { width: 95, order: 8 },
      sheet: { width: 16 },
    },
    legal_form: {
      type: 'text',
      label: 'نوع شرکت',
      nullable: true,
      notInRow: true,
      options: LEGAL_FORMS,
      input: optionalEnum(LEGAL_FORMS, 'نوع شرکت را از فهرست انتخاب کنید'),
      filter: CODE_FILTER_OPS,
      apiOnly: true,
      sheet: { width: 14 },
      form: { section: 'ثبت', order: 7 },
    },
    economic_code: {
      type: 'text',
      label: 'کد اقتصادی',
      nullable: true,
      notInRow: true,
      max: 20,
      input: optionalCode(
        'کد اقتصادی',
        (v) => (/^\d{12}$/.test(toAsciiDigits(v)) ? toAsciiDigits(v) : null),
        'کد اقتصادی ۱۲ رقم است',
      ),
      sheet: { width: 15 },
      form: { section: 'ثبت', hint: '۱۲ رقم', order: 11, ...CODE_INPUT },
    },
    ownership_type: {
      type: 'text',
      label: 'نوع مالکیت',
      nullable: true,
      options: OWNERSHIP_TYPES,
      input: optionalEnum(OWNERSHIP_TYPES, 'نوع مالکیت را از فهرست انتخاب کنید'),
      // The list shows the computed state class in its place (state_class below): the declared
      // type stays in the row, the view, the filters, the form and the export.
      filter: CODE_FILTER_OPS,
      // `ownership` in the screen's address since the first release (links already shared).
      filterAs: { url: 'ownership', order: 2 },
      sheet: { width: 16 },
      form: { section: 'هویت', order: 4 },
    },
    registered_capital: {
      type: 'amount',
      label: 'سرمایه ثبتی (ریال)',
      nullable: true,
      input: optionalAmount('سرمایه ثبتی'),
      column: { width: 160, order: 6 },
      sort: true,
      filter: CODE_FILTER_OPS,
      filterAs: { order: 9 },
      sheet: { width: 22 },
      form: { section: 'سرمایه و سهام', order: 12 },
    },
    share_count: {
      type: 'amount',
      label: 'تعداد سهام',
      nullable: true,
      notInRow: true,
      input: optionalAmount('تعداد سهام'),
      sheet: { width: 18 },
      form: { section: 'سرمایه و سهام', order: 13 },
    },
    nominal_share_value: {
      type: 'amount',
      label: 'ارزش اسمی هر سهم (ریال)',
      nullable: true,
      notInRow: true,
      input: optionalAmount('ارزش اسمی هر سهم'),
      sheet: { width: 16 },
      form: { section: 'سرمایه و سهام', order: 14 },
    },
    industry_id: {
      type: 'ref',
      label: 'صنعت',
      nullable: true,
      notInRow: true,
      optionsFrom: 'industries',
      input: optionalId('صنعت را از فهرست انتخاب کنید'),
      filter: CODE_FILTER_OPS,
      filterAs: { url: 'industry', order: 4 },
      sheet: { width: 24, ref: 'industry' },
      form: { section: 'هویت', order: 5 },
    },
    industry: {
      type: 'text',
      label: 'صنعت',
      nullable: true,
      column: { width: 140, title: true, order: 3 },
    },
    supervising_body_id: {
      type: 'ref',
      label: 'نهاد ناظر',
      nullable: true,
      notInRow: true,
      picker: 'legal_person',
      input: optionalId('نهاد ناظر را از فهرست انتخاب کنید'),
      filter: CODE_FILTER_OPS,
      apiOnly: true,
      sheet: { width: 28, ref: 'legal_person' },
      form: { section: 'هویت', order: 6 },
    },
    is_listed: {
      type: 'bool',
      label: 'بورسی',
      input: z.boolean({ error: 'بورسی بودن را مشخص کنید' }),
      filter: CODE_FILTER_OPS,
      filterAs: { url: 'listed', yes: 'بورسی', no: 'غیربورسی', order: 3 },
      sheet: { width: 8 },
      form: { section: 'بورس', label: 'در بورس یا فرابورس پذیرفته شده است', initial: false, order: 16 },
    },
    ticker: {
      type: 'text',
      label: 'نماد',
      nullable: true,
      input: optionalText('نماد', 20),
      column: { width: 80, order: 2 },
      sort: true,
      filter: TEXT_FILTER_OPS,
      filterAs: { order: 8 },
      builderOnly: true,
      sheet: { width: 10 },
      form: { section: 'بورس', hint: 'نماد معاملاتی، مانند فخوز', order: 17 },
    },
    status: {
      type: 'enum',
      label: 'وضعیت',
      options: LEGAL_STATUSES,
      optionLabels: LEGAL_STATUS_LABELS,
      input: z.enum(LEGAL_STATUSES, { error: 'وضعیت را انتخاب کنید' }),
      column: { width: 90, order: 5 },
      filter: CODE_FILTER_OPS,
      filterAs: { order: 0 },
      sheet: { width: 12 },
      form: { section: 'هویت', required: true, initial: 'active', order: 3 },
    },
    address: {
      type: 'text',
      label: 'نشانی',
      nullable: true,
      notInRow: true,
      input: optionalText('نشانی', 500),
      sheet: { width: 40 },
      form: { section: 'تماس', multiline: true, wide: true, digits: 'text', order: 21 },
    },
    postal_code: {
      type: 'text',
      label: 'کد پستی',
      nullable: true,
      notInRow: true,
      max: 20,
      input: optionalCode('کد پستی', parsePostalCode, 'کد پستی ۱۰ رقم است'),
      sheet: { width: 12 },
      form: { section: 'تماس', hint: '۱۰ رقم', order: 19, ...CODE_INPUT },
    },
    phone: {
      type: 'text',
      label: 'تلفن',
      nullable: true,
      notInRow: true,
      input: optionalText('تلفن', 40),
      sheet: { width: 14 },
      form: { section: 'تماس', ltr: true, inputMode: 'tel', autoComplete: 'tel', digits: 'all', order: 18 },
    },
    website: {
      type: 'text',
      label: 'وبگاه',
      nullable: true,
      notInRow: true,
      input: optionalText('وبگاه', 200),
      sheet: { width: 24 },
      form: { section: 'تماس', ltr: true, inputMode: 'url', autoComplete: 'url', order: 20 },
    },
    employees: {
      type: 'int',
      label: 'شمار کارکنان (نفر)',
      nullable: true,
      input: optionalInt('شمار کارکنان'),
      column: { width: 95, header: 'کارکنان (نفر)', order: 7 },
      sort: true,
      filter: CODE_FILTER_OPS,
      filterAs: { label: 'شمار کارکنان', order: 10 },
      sheet: { width: 12, header: 'شمار کارکنان' },
      form: { section: 'سرمایه و سهام', ltr: true, inputMode: 'numeric', digits: 'all', order: 15 },
    },
    article_141: companyArticle141,
    state_class: companyStateClass({ width: 104, order: 4 }),
    ...labelledFields('legal_person', 5),
  },
});

/** Create/update a legal person (POST/PUT /api/person/legal-persons; contract/person-forms.ts). */
export const legalPersonInput = inputSchema(legalPersonEntity);
export type LegalPersonInput = z.input<typeof legalPersonInput>;

/**
 * GET /api/person/legal-persons (person.legal.list): a `ListPage<LegalPersonRow>`, each row with
 * its `labels` (contract/labels.ts `Labelled`). sortBy: name (default) | national_id | ticker |
 * registered_capital | employees | created_at. Filters (advanceFilter or plain parameters): the
 * fields with `filter` above, and province_id, is_demo, created_at (server/modules/persons/lists.ts).
 * `q` matches name, ticker and national id.
 */
export const legalPersonRow = rowSchema(legalPersonEntity);
export type LegalPersonRow = z.infer<typeof legalPersonRow>;
