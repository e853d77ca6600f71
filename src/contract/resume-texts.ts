import { z } from 'zod';
import { defineEntity, optionsOf, rowSchema } from './entity.ts';
import { inputSchema } from './entity-input.ts';
import { persianText } from './fields.ts';
import { TERM_KIND_LABELS, TERM_KINDS } from './resume.ts';

/**
 * The texts staff manage for the resume (`resumes.manage`): the term-and-condition questions an
 * applicant answers in step 5 and the provisions accepted in step 4, each described once (list,
 * dialog, body, audit type). The applicant's own steps and answers are in contract/resume.ts.
 */

/**
 * The term-and-condition questions, managed by staff (`resumes.manage`):
 * GET /api/person/resume/term-conditions → `{ data: TermCondition[] }` (all, by `sort`);
 * POST … (termConditionInput) → `{ data: TermCondition }`; PUT …/{id}; DELETE …/{id} (409 when
 * answered: deactivate it instead). Only active ones are asked.
 */
// termConditionInput and termCondition (the body and the row) follow the description below.

/**
 * What the two managed resume texts (questions and provisions) share: their audit type `name`,
 * the field they are called by (`display`), permission `resumes.manage`,
 * rows ordered by `sort` and switched by `active`, the whole list matched in the browser, named
 * by `key` in the client (`resume-terms`, its cache `['resumes', 'terms']`).
 */
function managedText<const K extends string, const N extends string, const D extends string>(
  key: K,
  name: N,
  display: D,
  title: string,
  plural: string,
) {
  const manage = 'resumes.manage';
  return {
    name,
    display,
    id: 'id',
    defaultSort: 'sort',
    order: 'sort',
    active: 'active',
    nameInTitles: false,
    title,
    plural,
    search: `بخشی از متن ${title}`,
    list: { label: plural, id: `resume-${key}` },
    cacheKey: ['resumes', key],
    permissions: { list: manage, create: manage, update: manage, delete: manage },
  } as const;
}

/** The id and order of a managed text (its first column); `hint` says what the order does. */
const orderFields = (hint: string) =>
  ({
    id: { type: 'int', label: 'شناسه' },
    sort: {
      type: 'int',
      label: 'ترتیب',
      column: { width: 60 },
      form: { section: 'متن', order: 3, hint },
      input: z.coerce
        .number({ error: 'ترتیب باید عدد باشد' })
        .int('ترتیب باید عدد صحیح باشد')
        .min(0)
        .max(10_000),
    },
  }) as const;

/** Whether a managed text is in use; `label` says what that means to applicants. */
const activeField = (label: string, order: number) =>
  ({
    type: 'bool',
    label: 'وضعیت',
    column: { width: 75 },
    form: { section: 'متن', order, label, initial: true },
    input: z.boolean({ error: 'فعال بودن را مشخص کنید' }),
  }) as const;

const UPDATED_AT = { type: 'timestamp', label: 'ویرایش', column: { width: 95, day: true } } as const;

/** The questions described once (/resume/terms; body `termConditionInput`, rows `TermCondition`). */
export const termEntity = defineEntity({
  ...managedText('terms', 'resume_term', 'question', 'پرسش', 'پرسش‌های رزومه'),
  intro: 'پرسش‌ها و شرایطی که متقاضی در مرحله پنجم رزومه پاسخ می‌دهد؛ پرسش پاسخ‌داده را به‌جای حذف غیرفعال کنید',
  emptyText: 'هنوز پرسشی تعریف نشده است',
  wholeList: { search: ['question'] },
  paths: {
    list: '/api/person/resume/term-conditions',
    item: '/api/person/resume/term-conditions/:id{[0-9]+}',
  },
  fields: {
    ...orderFields('پرسش‌ها به این ترتیب پرسیده می‌شوند'),
    question: {
      type: 'text',
      label: 'متن پرسش',
      max: 1000,
      format: 'verbatim',
      column: { width: 260, grow: true, title: true },
      form: { section: 'متن', required: true, order: 1, rows: 3, hint: '۵ تا ۱۰۰۰ نویسه' },
      input: persianText('متن پرسش', 1000, 5),
    },
    kind: {
      ...optionsOf(TERM_KINDS, TERM_KIND_LABELS),
      label: 'نوع پاسخ',
      column: { width: 95 },
      form: { section: 'متن', required: true, order: 2, placeholder: 'برگزینید…' },
      input: z.enum(TERM_KINDS, { error: 'نوع پاسخ را انتخاب کنید' }),
    },
    required: {
      type: 'bool',
      label: 'الزامی',
      column: { width: 65 },
      form: { section: 'متن', order: 4, label: 'پاسخ الزامی است', initial: true },
      input: z.boolean({ error: 'الزامی بودن را مشخص کنید' }),
    },
    active: activeField('فعال (از متقاضیان پرسیده شود)', 5),
    answers: {
      type: 'int',
      label: 'پاسخ‌ها',
      column: { width: 70, description: 'شمار متقاضیانی که به این پرسش پاسخ داده‌اند' },
    },
    updated_at: UPDATED_AT,
  },
});

/**
 * The provisions (declarations the applicant undertakes), managed by staff (`resumes.manage`):
 * GET /api/person/resume/provisions → `{ data: Provision[] }`; POST, PUT …/{id}, DELETE …/{id}
 * as for the questions. Every active provision must be accepted at step 4.
 */
// provisionInput and provision (the body and the row) follow the description below.

/** The provisions described once (/resume/provisions; body `provisionInput`, rows `Provision`). */
export const provisionEntity = defineEntity({
  ...managedText('provisions', 'resume_provision', 'title', 'تعهد', 'تعهدنامه رزومه'),
  intro: 'تعهدهایی که متقاضی در مرحله چهارم رزومه می‌پذیرد؛ تعهد پذیرفته‌شده را به‌جای حذف غیرفعال کنید',
  emptyText: 'هنوز تعهدی تعریف نشده است',
  wholeList: { search: ['title', 'body'] },
  paths: { list: '/api/person/resume/provisions', item: '/api/person/resume/provisions/:id{[0-9]+}' },
  fields: {
    ...orderFields('تعهدها به این ترتیب نشان داده می‌شوند'),
    title: {
      type: 'text',
      label: 'عنوان',
      max: 200,
      format: 'verbatim',
      column: { width: 180, title: true },
      form: { section: 'متن', required: true, order: 1, hint: '۳ تا ۲۰۰ نویسه' },
      input: persianText('عنوان', 200, 3),
    },
    body: {
      type: 'text',
      label: 'متن تعهد',
      max: 4000,
      format: 'verbatim',
      column: { width: 260, grow: true, title: true },
      form: {
        section: 'متن',
        required: true,
        order: 2,
        rows: 8,
        hint: '۱۰ تا ۴۰۰۰ نویسه؛ چند بند در چند سطر',
      },
      input: persianText('متن تعهد', 4000, 10),
    },
    active: activeField('فعال (متقاضیان باید آن را بپذیرند)', 4),
    accepted_by: {
      type: 'int',
      label: 'پذیرفته‌اند',
      column: { width: 80, description: 'شمار متقاضیانی که این تعهد را پذیرفته‌اند' },
    },
    updated_at: UPDATED_AT,
  },
});

/** POST/PUT body of a question, and a question as the API answers it. */
export const termConditionInput = inputSchema(termEntity);
export type TermConditionInput = z.input<typeof termConditionInput>;
export const termCondition = rowSchema(termEntity);
export type TermCondition = z.infer<typeof termCondition>;

/** POST/PUT body of a provision, and a provision as the API answers it. */
export const provisionInput = inputSchema(provisionEntity);
export type ProvisionInput = z.input<typeof provisionInput>;
export const provision = rowSchema(provisionEntity);
export type Provision = z.infer<typeof provision>;
