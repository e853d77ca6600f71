import { z } from 'zod';
import { defineEntity, optionsOf } from './entity.ts';
import { persianText } from './fields.ts';
import { LABEL_OBJECT_TYPE_TITLES, LABEL_OBJECT_TYPES } from './label-codes.ts';

/** Colours offered as one-key picks (all readable with white text); any #rrggbb may be typed. */
export const LABEL_COLORS = [
  '#c62828',
  '#ad1457',
  '#6a1b9a',
  '#1565c0',
  '#00695c',
  '#2e7d32',
  '#b35900',
  '#4e342e',
  '#424242',
] as const;

/**
 * Labels (contract/labels.ts) described once: the managed list at /label-list (permission
 * `labels`), paged on the server, filtered by the object types a label applies to (`type` in the
 * URL, `object_type` in the API), created, edited and deleted in dialogs. Kept apart from
 * labels.ts (the label's other shapes), which reads its body and row from here.
 */
export const labelEntity = defineEntity({
  name: 'label',
  title: 'برچسب',
  plural: 'برچسب‌ها',
  id: 'id',
  display: 'name',
  defaultSort: 'name',
  search: 'نام برچسب',
  intro: 'برچسب‌هایی که روی اشخاص حقوقی و حقیقی گذاشته می‌شوند',
  emptyText: 'هنوز برچسبی تعریف نشده است',
  nameInTitles: false,
  list: { id: 'labels' },
  cacheKey: ['labels'],
  keywords: ['label', 'new', 'برچسب', 'جدید'],
  permissions: { list: 'labels', create: 'labels', update: 'labels', delete: 'labels' },
  paths: { list: '/api/labels', item: '/api/labels/:id{[0-9]+}' },
  fields: {
    id: { type: 'int', label: 'شناسه' },
    name: {
      type: 'text',
      label: 'برچسب',
      max: 40,
      column: { width: 220, grow: true },
      sort: true,
      form: { section: 'برچسب', required: true, label: 'نام برچسب', hint: 'حداکثر ۴۰ نویسه، یکتا' },
      input: persianText('نام برچسب', 40),
    },
    color: {
      type: 'text',
      label: 'رنگ',
      column: { width: 90 },
      form: {
        section: 'برچسب',
        required: true,
        hint: 'یکی از رنگ‌ها یا کد #rrggbb',
        swatches: LABEL_COLORS,
        initial: LABEL_COLORS[3],
      },
      // #rrggbb, lower case once parsed
      input: z
        .string({ error: 'رنگ را انتخاب کنید' })
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/, 'رنگ باید به شکل #rrggbb باشد (مثلاً #2e7d32)')
        .transform((v) => v.toLowerCase()),
    },
    object_types: {
      ...optionsOf(LABEL_OBJECT_TYPES, LABEL_OBJECT_TYPE_TITLES, true),
      label: 'موضوع‌ها',
      column: { width: 200 },
      filter: ['eq', 'in'],
      filterAs: { api: 'object_type', url: 'type', label: 'نوع موضوع' },
      form: {
        section: 'برچسب',
        label: 'موضوع‌هایی که این برچسب روی آن‌ها گذاشته می‌شود',
        initial: LABEL_OBJECT_TYPES,
      },
      input: z
        .array(z.enum(LABEL_OBJECT_TYPES, { error: 'نوع موضوع نامعتبر است' }), {
          error: 'دست‌کم یک نوع موضوع را انتخاب کنید',
        })
        .min(1, 'دست‌کم یک نوع موضوع را انتخاب کنید')
        .max(LABEL_OBJECT_TYPES.length)
        .transform((v) => [...new Set(v)]),
    },
    uses: {
      type: 'int',
      label: 'رکوردها',
      column: { width: 80, description: 'شمار رکوردهایی که این برچسب را دارند' },
    },
    created_at: { type: 'timestamp', label: 'ایجاد', column: { width: 100, day: true }, sort: true },
    updated_at: { type: 'timestamp', label: 'ویرایش' },
  },
});
