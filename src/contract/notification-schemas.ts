import { z } from 'zod';
import {
  isNotificationEvent,
  NOTIFICATION_EVENT_INFO,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
} from '../domain/notifications/events.ts';
import { checkTemplate, TEMPLATE_MAX } from '../domain/notifications/template.ts';
import { stripBidiControls, toPersianDigits } from '../domain/persian-text.ts';
import { defineEntity, optionsOf, rowSchema } from './entity.ts';
import { inputSchema } from './entity-input.ts';
import { persianText } from './fields.ts';
import { pickedId } from './ids.ts';

/** The events' Persian titles, as the form's select and the list show them. */
export const NOTIFICATION_EVENT_TITLES = Object.fromEntries(
  NOTIFICATION_EVENTS.map((e) => [e, NOTIFICATION_EVENT_INFO[e].title]),
) as Record<NotificationEvent, string>;

/** A yes/no of the form (a checkbox): `fallback` when left out. */
const flag = (label: string, fallback: boolean) =>
  z.boolean({ error: `${label}: بله یا خیر` }).default(fallback);

/** The most roles one schema sends to. */
const MAX_ROLES = 50;

/**
 * A template as typed: bidirectional controls removed, Arabic ي/ك made Persian, ends trimmed.
 * Digits are kept as typed (a Persian «۳ روز» stays Persian: it is sent as written).
 */
const templateText = (label: string, required: boolean) =>
  z
    .string({ error: `${label} را وارد کنید` })
    .max(TEMPLATE_MAX * 2, `${label} حداکثر ${toPersianDigits(TEMPLATE_MAX)} نویسه است`)
    .nullish()
    .transform((v) =>
      stripBidiControls(v ?? '')
        .replace(/[يى]/g, 'ی')
        .replace(/ك/g, 'ک')
        .trim(),
    )
    .pipe(
      z
        .string()
        .min(required ? 1 : 0, `${label} را وارد کنید`)
        .max(TEMPLATE_MAX, `${label} حداکثر ${toPersianDigits(TEMPLATE_MAX)} نویسه است`),
    );

/**
 * Notification schemas (الگوهای اعلان, issue 18) described once: which event sends which title
 * and body, on which channels (in-app, SMS), to the event's own people and to the holders of
 * some roles (server/modules/notifications/dispatch.ts `notifyEvent` sends them). Listed whole,
 * created, edited and deleted with `notifications` at /notifications/schemas. `role_ids` is typed
 * in the form and answered beside the row (`notificationSchema`), `roles` their names for the list.
 */
export const notificationSchemaEntity = defineEntity({
  name: 'notification_schema',
  title: 'الگوی اعلان',
  plural: 'الگوهای اعلان',
  id: 'id',
  display: 'name',
  defaultSort: 'event',
  search: 'نام یا متن الگو',
  intro:
    'هر رویداد با الگوهای فعالش اعلان می‌فرستد: عنوان و متن با جای‌نگه‌دارهای رویداد، درون سامانه یا با پیامک، به گیرندگان خود رویداد و دارندگان نقش‌هایی که برمی‌گزینید',
  emptyText: 'هیچ الگوی اعلانی نیست؛ رویدادها تا الگویی فعال نداشته باشند به کسی اعلان نمی‌دهند',
  wholeList: { search: ['name', 'title_template', 'body_template'] },
  list: { label: 'الگوهای اعلان', id: 'notification-schemas' },
  cacheKey: ['notifications', 'schemas'],
  keywords: ['notification schema', 'template', 'الگوی اعلان', 'قالب پیام', 'جدید'],
  active: 'active',
  permissions: {
    list: 'notifications',
    create: 'notifications',
    update: 'notifications',
    delete: 'notifications',
  },
  paths: { list: '/api/notification-schemas', item: '/api/notification-schemas/:id{[0-9]+}' },
  fields: {
    id: { type: 'int', label: 'شناسه' },
    event: {
      ...optionsOf(NOTIFICATION_EVENTS, NOTIFICATION_EVENT_TITLES),
      label: 'رویداد',
      column: { width: 130 },
      form: { section: 'الگو', required: true, order: 1, initial: NOTIFICATION_EVENTS[0] },
      input: z
        .string({ error: 'رویداد را برگزینید' })
        .refine(isNotificationEvent, 'رویداد شناخته نیست')
        .transform((v) => v as NotificationEvent),
    },
    name: {
      type: 'text',
      label: 'نام الگو',
      max: 80,
      format: 'verbatim',
      column: { width: 190 },
      form: { section: 'الگو', required: true, order: 2, hint: 'حداکثر ۸۰ نویسه، یکتا' },
      input: persianText('نام الگو', 80),
    },
    title_template: {
      type: 'text',
      label: 'الگوی عنوان',
      max: TEMPLATE_MAX,
      format: 'verbatim',
      column: { width: 240, grow: true },
      form: { section: 'الگو', required: true, order: 3 },
      input: templateText('الگوی عنوان', true),
    },
    body_template: {
      type: 'text',
      label: 'الگوی متن',
      max: TEMPLATE_MAX,
      format: 'verbatim',
      form: { section: 'الگو', order: 4, multiline: true, rows: 3 },
      input: templateText('الگوی متن', false),
    },
    in_app: {
      type: 'bool',
      label: 'درون سامانه',
      // the list's one column of both channels
      column: { width: 120, header: 'راه‌ها' },
      form: { section: 'راه‌ها', order: 5, initial: true },
      input: flag('درون سامانه', true),
    },
    sms: {
      type: 'bool',
      label: 'پیامک',
      form: { section: 'راه‌ها', order: 6 },
      input: flag('پیامک', false),
    },
    to_subjects: {
      type: 'bool',
      label: 'گیرندگان خود رویداد',
      column: { width: 80, header: 'خود رویداد' },
      form: { section: 'گیرندگان', order: 7, initial: true },
      input: flag('گیرندگان خود رویداد', true),
    },
    role_ids: {
      type: 'ref',
      label: 'نقش‌ها',
      notInRow: true,
      form: { section: 'گیرندگان', order: 8, initial: [] },
      input: z
        .array(pickedId('نقش نامعتبر است'), { error: 'نقش‌ها را برگزینید' })
        .max(MAX_ROLES, `حداکثر ${toPersianDigits(MAX_ROLES)} نقش`)
        .default([])
        .transform((v) => [...new Set(v)]),
    },
    roles: {
      type: 'text',
      label: 'نقش‌های گیرنده',
      format: 'verbatim',
      column: { width: 130, title: true },
    },
    active: {
      type: 'bool',
      label: 'فعال',
      column: { width: 60 },
      form: { section: 'الگو', order: 9, initial: true, label: 'فعال (رویداد با آن اعلان می‌دهد)' },
      input: flag('فعال', true),
    },
  },
});

/** The message when a schema would send on no channel. */
export const NO_CHANNEL = 'دست‌کم یکی از دو راه را برگزینید: درون سامانه یا پیامک';

/**
 * Body of create and update: each template may use only its event's placeholders (Mustache
 * variables, domain/notifications/template.ts; the 422 names the bad one), at most TEMPLATE_MAX
 * characters; at least one channel; `role_ids` the roles it also sends to (each must exist: the
 * server checks).
 */
export const notificationSchemaInput = inputSchema(notificationSchemaEntity).superRefine((v, ctx) => {
  if (!v.in_app && !v.sms) ctx.addIssue({ code: 'custom', path: ['in_app'], message: NO_CHANNEL });
  if (typeof v.event !== 'string' || !isNotificationEvent(v.event)) return;
  const placeholders = NOTIFICATION_EVENT_INFO[v.event].placeholders;
  for (const field of ['title_template', 'body_template'] as const) {
    const text = v[field];
    if (typeof text !== 'string') continue;
    const checked = checkTemplate(text, placeholders);
    if (!checked.ok) ctx.addIssue({ code: 'custom', path: [field], message: checked.error });
  }
});
export type NotificationSchemaInput = z.input<typeof notificationSchemaInput>;

/** A schema as the API answers it: its fields, `role_ids` and `roles` (their titles, «، »-joined). */
export const notificationSchema = rowSchema(notificationSchemaEntity).extend({
  role_ids: z.array(z.number().int()).meta({ description: 'نقش‌هایی که اعلان به دارندگانشان هم می‌رسد' }),
});
export type NotificationSchemaRow = z.infer<typeof notificationSchema>;

/** A role a schema may send to (GET /api/notification-schemas/roles). */
export const notificationRole = z.object({ id: z.number().int(), title: z.string() });
export type NotificationRole = z.infer<typeof notificationRole>;
