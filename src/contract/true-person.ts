import { z } from 'zod';
import { CODE_INPUT, defineEntity, rowSchema } from './entity.ts';
import { inputSchema } from './entity-input.ts';
import {
  iranMobile,
  nationalCode,
  optionalEmail,
  optionalEnum,
  optionalId,
  optionalJalali,
  optionalText,
  persianText,
} from './fields.ts';
import { labelledFields } from './label-codes.ts';
import { CODE_FILTER_OPS, TEXT_FILTER_OPS } from './list.ts';
import { GENDER_LABELS } from './resume-codes.ts';

/**
 * The true person (GLOSSARY: true person): a board member, representative, CEO or any other
 * individual, described once, as the legal person is (contract/legal-person.ts): the list, the
 * create/update body, the row, the form, the history's field names and the export and import
 * template all read `truePersonEntity`. `gender` is stored as a code (male | female);
 * `education_level` in Persian (older rows may hold the resume's codes, shown by their labels).
 */

export const GENDER_VALUES = ['male', 'female'] as const;
/** Education levels of the registry, stored in Persian (as the true-persons list filters them). */
export const EDUCATION_VALUES = ['دیپلم', 'کاردانی', 'کارشناسی', 'کارشناسی ارشد', 'دکتری'] as const;

/** The fields in the export's column order; `form.order`, `column.order` and `filterAs.order` place them elsewhere. */
export const truePersonEntity = defineEntity({
  name: 'true_person',
  title: 'شخص حقیقی',
  plural: 'اشخاص حقیقی',
  id: 'id',
  display: 'last_name',
  defaultSort: 'last_name',
  search: 'نام یا کد ملی',
  permissions: {
    list: 'person.true.list',
    view: 'person.true.view',
    create: 'person.true.edit',
    update: 'person.true.edit',
  },
  paths: { list: '/api/person/true-persons', item: '/api/person/true-persons/:id{[0-9]+}' },
  intro: 'اعضای هیئت مدیره، نمایندگان، مدیران عامل و سایر اشخاص',
  fields: {
    id: { type: 'int', label: 'شناسه' },
    first_name: {
      type: 'text',
      label: 'نام',
      input: persianText('نام'),
      sort: true,
      filter: TEXT_FILTER_OPS,
      filterAs: { order: 4 },
      builderOnly: true,
      sheet: { width: 16 },
      form: { section: 'هویت', required: true, autoComplete: 'given-name', order: 0 },
    },
    last_name: {
      type: 'text',
      label: 'نام خانوادگی',
      input: persianText('نام خانوادگی'),
      column: { width: 220, grow: true, header: 'نام و نام خانوادگی', order: 0 },
      sort: true,
      filter: TEXT_FILTER_OPS,
      filterAs: { order: 5 },
      builderOnly: true,
      sheet: { width: 20 },
      form: { section: 'هویت', required: true, autoComplete: 'family-name', order: 1 },
    },
    father_name: {
      type: 'text',
      label: 'نام پدر',
      nullable: true,
      input: optionalText('نام پدر', 100),
      column: { width: 110, order: 1 },
      sheet: { width: 14 },
      form: { section: 'هویت', order: 2 },
    },
    national_code: {
      type: 'text',
      label: 'کد ملی',
      nullable: true,
      max: 20,
      unique: true,
      input: nationalCode,
      column: { width: 110, order: 2 },
      sort: true,
      filter: CODE_FILTER_OPS,
      filterAs: { order: 6 },
      builderOnly: true,
      sheet: { width: 13 },
      form: { section: 'هویت', required: true, hint: '۱۰ رقم', order: 3, ...CODE_INPUT },
    },
    birth_certificate_number: {
      type: 'text',
      label: 'شماره شناسنامه',
      nullable: true,
      notInRow: true,
      input: optionalText('شماره شناسنامه', 20),
      sheet: { width: 14 },
      form: { section: 'تولد', order: 7, ...CODE_INPUT },
    },
    birth_date: {
      type: 'date',
      label: 'تاریخ تولد',
      nullable: true,
      input: optionalJalali('تاریخ تولد'),
      column: { width: 100, order: 7 },
      sort: true,
      filter: CODE_FILTER_OPS,
      filterAs: { order: 7 },
      builderOnly: true,
      sheet: { width: 12 },
      form: { section: 'تولد', order: 5 },
    },
    birth_city_id: {
      type: 'ref',
      label: 'شهر محل تولد',
      nullable: true,
      notInRow: true,
      picker: 'city',
      input: optionalId('شهر محل تولد را از فهرست انتخاب کنید'),
      filter: CODE_FILTER_OPS,
      apiOnly: true,
      sheet: { width: 16, ref: 'city', province: 'birth_province' },
      form: { section: 'تولد', order: 6 },
    },
    birth_province: {
      type: 'text',
      label: 'استان محل تولد',
      nullable: true,
      notInRow: true,
      sheet: { width: 16 },
    },
    gender: {
      type: 'enum',
      label: 'جنسیت',
      nullable: true,
      options: GENDER_VALUES,
      optionLabels: GENDER_LABELS,
      input: optionalEnum(GENDER_VALUES, 'جنسیت را انتخاب کنید'),
      column: { width: 70, order: 3 },
      filter: CODE_FILTER_OPS,
      filterAs: { order: 0 },
      sheet: { width: 8 },
      form: { section: 'هویت', order: 4 },
    },
    mobile: {
      type: 'text',
      label: 'تلفن همراه',
      nullable: true,
      input: iranMobile.nullish().or(z.literal('').transform(() => null)),
      column: { width: 115, header: 'همراه', description: 'شماره همراه، بخشی پنهان', order: 6 },
      sheet: { width: 14 },
      form: {
        section: 'تماس',
        ltr: true,
        inputMode: 'tel',
        autoComplete: 'tel',
        digits: 'all',
        hint: 'مانند ۰۹۱۲۳۴۵۶۷۸۹',
        order: 8,
      },
    },
    email: {
      type: 'text',
      label: 'رایانامه',
      nullable: true,
      notInRow: true,
      input: optionalEmail,
      sheet: { width: 26 },
      form: { section: 'تماس', ltr: true, inputMode: 'email', autoComplete: 'email', order: 9 },
    },
    education_level: {
      type: 'text',
      label: 'مقطع تحصیلی',
      nullable: true,
      options: EDUCATION_VALUES,
      input: optionalEnum(EDUCATION_VALUES, 'مقطع تحصیلی را از فهرست انتخاب کنید'),
      column: { width: 110, header: 'تحصیلات', order: 4 },
      filter: CODE_FILTER_OPS,
      filterAs: { url: 'education', label: 'تحصیلات', order: 1 },
      sheet: { width: 14 },
      form: { section: 'تحصیلات', order: 10 },
    },
    field_of_study: {
      type: 'text',
      label: 'رشته تحصیلی',
      nullable: true,
      input: optionalText('رشته تحصیلی', 150),
      column: { width: 140, header: 'رشته', order: 5 },
      filter: TEXT_FILTER_OPS,
      filterAs: { url: 'field', order: 2 },
      sheet: { width: 20 },
      form: { section: 'تحصیلات', order: 11 },
    },
    birth_city: {
      type: 'text',
      label: 'محل تولد',
      nullable: true,
      column: { width: 110, order: 8 },
    },
    ...labelledFields('true_person', 3),
  },
});

/** Create/update a true person (POST/PUT /api/person/true-persons; contract/person-forms.ts). */
export const truePersonInput = inputSchema(truePersonEntity);
export type TruePersonInput = z.input<typeof truePersonInput>;

/**
 * GET /api/person/true-persons (person.true.list): a `ListPage<TruePersonRow>` with `labels`.
 * sortBy: last_name (default) | first_name | national_code | birth_date | created_at. Filters:
 * the fields with `filter` above, and province_id (of the birth city), is_demo, created_at.
 * `q` matches name and national code.
 */
export const truePersonRow = rowSchema(truePersonEntity);
export type TruePersonRow = z.infer<typeof truePersonRow>;
