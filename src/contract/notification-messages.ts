import { z } from 'zod';
import { MESSAGE_PLACEHOLDERS } from '../domain/notifications/events.ts';
import { checkTemplate, TEMPLATE_MAX } from '../domain/notifications/template.ts';
import { toPersianDigits } from '../domain/persian-text.ts';
import { id, int, isoTime, listPageOf } from './api-envelope.ts';
import { persianText } from './fields.ts';
import { MAX_ID } from './ids.ts';
import { type AdvanceFilter, advanceFilterSchema, eachCondition } from './list.ts';
import { truePersonEntity } from './true-person.ts';

/**
 * Staff-sent messages (/notifications/sms, permission `notifications`): an SMS, and for users
 * optionally an in-app notification, to an audience picked by role, by user, or as the true
 * persons list's query. Routes in server/modules/notifications/messages.ts.
 */

/** The most recipients one message may have: past it, sending is refused (split the audience). */
export const MESSAGE_RECIPIENT_CAP = 20_000;
/** The most user or role ids one audience names, and person ids a persons audience narrows to. */
export const AUDIENCE_IDS_MAX = 1000;

const ids = (what: string) =>
  z
    .array(
      z
        .number({ error: `شناسه ${what} نامعتبر است` })
        .int()
        .positive()
        .max(MAX_ID),
      {
        error: `${what} را انتخاب کنید`,
      },
    )
    .min(1, `دست‌کم یک ${what} را انتخاب کنید`)
    .max(AUDIENCE_IDS_MAX, `حداکثر ${toPersianDigits(AUDIENCE_IDS_MAX)} ${what} در یک پیام`)
    .transform((v) => [...new Set(v)]);

/**
 * The true persons list's query as that list sends it to GET /api/person/true-persons: `q` (free
 * text) and `advanceFilter` (the filter bar's and the builder's conditions, as JSON text). Sort and
 * paging do not matter here and are dropped.
 */
export const personsListQuery = z
  .object({
    q: z.string().max(200, 'عبارت جستجو حداکثر ۲۰۰ نویسه است').optional(),
    advanceFilter: z.string().max(8000, 'فیلتر پیشرفته بیش از حد طولانی است').optional(),
  })
  .strip();
export type PersonsListQuery = z.infer<typeof personsListQuery>;

/** The conditions of a list query's `advanceFilter` text, flattened (none when it is not valid). */
export function parseAdvanceFilterText(text: string | undefined): AdvanceFilter[] {
  if (!text) return [];
  try {
    const parsed = advanceFilterSchema.safeParse(JSON.parse(text));
    const out: AdvanceFilter[] = [];
    if (parsed.success) eachCondition(parsed.data, (c) => out.push(c));
    return out;
  } catch {
    return [];
  }
}

const faCount = (n: number) => toPersianDigits(n.toLocaleString('en').replace(/,/g, '٬'));

/**
 * A persons audience in words: «۳ شخص حقیقی برگزیده», «اشخاص حقیقی: «احمد»، جنسیت، تحصیلات» (the
 * search and the filtered fields by their labels) or «همه اشخاص حقیقی».
 */
export function personsAudienceText(a: { query: PersonsListQuery; ids?: readonly number[] }): string {
  if (a.ids) return `${faCount(a.ids.length)} شخص حقیقی برگزیده`;
  const parts: string[] = [];
  if (a.query.q) parts.push(`«${a.query.q}»`);
  const fields = truePersonEntity.fields as Record<
    string,
    { label: string; optionLabels?: Readonly<Record<string, string>> }
  >;
  for (const c of parseAdvanceFilterText(a.query.advanceFilter)) {
    const field = Object.hasOwn(fields, c.field) ? fields[c.field] : undefined;
    const label = field?.label ?? c.field;
    const word = (v: unknown) => field?.optionLabels?.[String(v)] ?? String(v ?? '');
    const value = Array.isArray(c.value) ? c.value.map(word).join('، ') : word(c.value);
    parts.push(value ? `${label}: ${toPersianDigits(value)}` : label);
  }
  return parts.length ? `اشخاص حقیقی با ${parts.join('؛ ')}` : 'همه اشخاص حقیقی';
}

/**
 * Who receives a message:
 * - `roles`: every active user holding one of `role_ids`;
 * - `users`: the chosen users (those still active);
 * - `persons`: every true person the persons list's `query` matches (and, when `ids` is given, only
 *   those of them: rows chosen one by one on the list).
 */
export const messageAudience = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('roles'), role_ids: ids('نقش') }),
    z.object({ kind: z.literal('users'), user_ids: ids('کاربر') }),
    z.object({
      kind: z.literal('persons'),
      query: personsListQuery,
      ids: ids('شخص').optional(),
    }),
  ],
  { error: 'گیرندگان پیام را انتخاب کنید' },
);
export type MessageAudience = z.infer<typeof messageAudience>;

/** An audience as stored and answered (the same shape, already checked: no transforms). */
export const storedAudience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('roles'), role_ids: z.array(int) }),
  z.object({ kind: z.literal('users'), user_ids: z.array(int) }),
  z.object({
    kind: z.literal('persons'),
    query: z.object({ q: z.string().optional(), advanceFilter: z.string().optional() }),
    ids: z.array(int).optional(),
  }),
]);
export type AudienceKind = MessageAudience['kind'];

/** The template: Mustache over MESSAGE_PLACEHOLDERS (name, first_name, last_name), checked. */
export const messageTemplate = z
  .string({ error: 'متن پیام را وارد کنید' })
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, 'متن پیام را وارد کنید')
      .max(TEMPLATE_MAX, `متن پیام حداکثر ${toPersianDigits(TEMPLATE_MAX)} نویسه است`)
      .superRefine((v, ctx) => {
        const checked = checkTemplate(v, MESSAGE_PLACEHOLDERS);
        if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.error });
      }),
  );

/** `in_app` means nothing for persons (they have no account): stored false. */
const inAppFor = <T extends { audience: MessageAudience; in_app: boolean }>(v: T): T => ({
  ...v,
  in_app: v.audience.kind === 'persons' ? false : v.in_app,
});

const messageFields = z.object({
  title: persianText('عنوان پیام', 120),
  audience: messageAudience,
  template: messageTemplate,
  in_app: z.boolean({ error: 'اعلان درون‌برنامه‌ای باید بله یا خیر باشد' }).default(false),
});

/**
 * A message's body (PATCH update): `title` (for staff, and the in-app notification's title),
 * `audience`, `template`, `in_app` (also an in-app notification: users and roles only; ignored
 * and stored false for persons).
 */
export const messageInput = messageFields.transform(inAppFor);
export type MessageInput = z.input<typeof messageInput>;

/** POST create's body: a message, and `send: true` to send it at once (create and send in one call). */
export const messageCreateInput = messageFields
  .extend({ send: z.boolean({ error: 'ارسال باید بله یا خیر باشد' }).default(false) })
  .transform(inAppFor);
export type MessageCreateInput = z.input<typeof messageCreateInput>;

/** POST /preview's body: what the composer shows (the title does not matter). */
export const messagePreviewInput = z.object({
  audience: messageAudience,
  template: messageTemplate,
  in_app: z.boolean().default(false),
});
export type MessagePreviewInput = z.input<typeof messagePreviewInput>;

/** One recipient as the preview shows it: name, mobile (null: none, SMS not sent), the rendered text. */
export const previewSample = z.object({
  name: z.string(),
  mobile: z.string().nullable(),
  body: z.string(),
});

/**
 * The preview: `recipients` (everyone the audience reaches now), `with_mobile` (those an SMS
 * goes to), `samples` (the first three recipients, by name, with their own text) and `parts`
 * (the SMS parts of the longest sample: count, encoding, characters).
 */
export const messagePreview = z.object({
  recipients: int,
  with_mobile: int,
  samples: z.array(previewSample),
  parts: z.object({ parts: int, encoding: z.enum(['GSM-7', 'UCS-2']), characters: int }),
});
export type MessagePreview = z.infer<typeof messagePreview>;

export const MESSAGE_STATUSES = ['draft', 'sent'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = { draft: 'پیش‌نویس', sent: 'ارسال‌شده' };

/**
 * A row of GET /api/notification-messages (and the answer of create, update and send):
 * - `audience` as stored, `audience_text` a Persian summary («نقش‌ها: تحلیلگر، حسابرس»,
 *   «۳ کاربر», «اشخاص حقیقی: فیلتر فهرست»);
 * - `recipient_count`: recipients fixed at sending (null for a draft);
 * - `sent`: SMS delivered (jobs with a `sent` row in the SMS log); `failed`: SMS whose attempts so
 *   far all failed (some may still be retried); `pending`: SMS jobs still waiting or running;
 * - `created_by`, `sent_by`: the users' names; times ISO 8601 UTC.
 */
export const messageRow = z.object({
  id,
  title: z.string(),
  audience: storedAudience,
  audience_text: z.string(),
  template: z.string(),
  in_app: z.boolean(),
  status: z.enum(MESSAGE_STATUSES),
  recipient_count: int.nullable(),
  sent: int,
  failed: int,
  pending: int,
  created_by: z.string().nullable(),
  created_at: isoTime,
  updated_at: isoTime,
  sent_by: z.string().nullable(),
  sent_at: isoTime.nullable(),
});
export type MessageRow = z.infer<typeof messageRow>;
export const messagePage = listPageOf(messageRow);

/** A role to pick (GET /api/notification-messages/roles): its title and active holders. */
export const audienceRole = z.object({ id, name: z.string(), title: z.string(), users: int });
export type AudienceRole = z.infer<typeof audienceRole>;

/** A user to pick (GET /api/notification-messages/users?q=): name, username, whether a mobile is on file. */
export const audienceUser = z.object({ id, name: z.string(), username: z.string(), has_mobile: z.boolean() });
export type AudienceUser = z.infer<typeof audienceUser>;

/** The user picker's query: `q` (part of the name or username), `ids` (these users, comma-separated). */
export const audienceUserQuery = z.object({
  q: z.string().max(100, 'عبارت جستجو حداکثر ۱۰۰ نویسه است').optional(),
  ids: z
    .string()
    .max(12_000)
    .regex(/^\d{1,10}(,\d{1,10}){0,999}$/, 'فهرست شناسه‌ها نامعتبر است')
    .transform((v) => v.split(',').map(Number))
    .refine((ids) => ids.every((n) => n >= 1 && n <= MAX_ID), 'فهرست شناسه‌ها نامعتبر است')
    .optional(),
});
