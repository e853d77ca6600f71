import { z } from 'zod';
import {
  ISSUE_MOVE_TYPES,
  ISSUE_STATE_LABELS_FA,
  ISSUE_STATES,
  type IssueMoveType,
} from '../domain/issues/issue-status.ts';
import { LETTER_DIRECTION_LABELS_FA, LETTER_DIRECTIONS } from '../domain/issues/letters.ts';
import { bulkAllQuery, bulkOperation } from './bulk.ts';
import { defineEntity, optionsOf, rowSchema } from './entity.ts';
import { inputSchema } from './entity-input.ts';
import { persianText } from './fields.ts';
import { positiveId } from './ids.ts';
import { labelChip } from './labels.ts';
import { isoDay } from './ownership.ts';

/**
 * Issues (موضوعات; issue 18, shared/GLOSSARY.md "Work and records") described once: an issue
 * about a record (a legal or a true person), of a managed type, with a title, a Markdown
 * description, a priority, a status moved only through its statechart
 * (domain/issues/issue-status.ts), an assignee and a due date. Calls (permission `issues`, held by
 * the auditor and the analyst):
 * - GET    /api/issues                 the paged list (filters below; `issue_type` one value or
 *                                      several, `issue_type[]`)
 * - GET    /api/issues/:id             `IssueDetail`: the row, its description, its status
 *                                      fields and allowed moves, its details and its letters
 * - POST   /api/issues                 `issueInput` → `IssueDetail`
 * - PUT    /api/issues/:id             `issueInput` → `IssueDetail`
 * - DELETE /api/issues/:id             `{ deleted: true }`
 * - POST   /api/issues/:id/moves       `issueMoveInput` → `IssueDetail`; 422 with the Persian
 *                                      reason when the statechart refuses the move
 * - POST   /api/issues/:id/letters     `letterInput` → `IssueLetter` with its reference number
 * - GET    /api/issue-types            the active types, in order
 * - GET    /api/issues/assignees       the staff who may be assigned (their roles hold `issues`)
 */

export const ISSUE_OBJECT_TYPES = ['legal_person', 'true_person'] as const;
export type IssueObjectType = (typeof ISSUE_OBJECT_TYPES)[number];
export const ISSUE_OBJECT_TYPE_LABELS: Readonly<Record<IssueObjectType, string>> = {
  legal_person: 'شخص حقوقی',
  true_person: 'شخص حقیقی',
};

/** Priority codes, most urgent first (stored 1–4). */
export const ISSUE_PRIORITIES = ['1', '2', '3', '4'] as const;
export const ISSUE_PRIORITY_LABELS: Readonly<Record<(typeof ISSUE_PRIORITIES)[number], string>> = {
  '1': 'فوری',
  '2': 'زیاد',
  '3': 'معمولی',
  '4': 'کم',
};

export const issueEntity = defineEntity({
  name: 'issue',
  title: 'موضوع',
  plural: 'موضوعات',
  id: 'id',
  display: 'title',
  defaultSort: 'created_at',
  defaultDescending: true,
  search: 'عنوان یا نام شخص',
  permissions: { list: 'issues', view: 'issues', create: 'issues', update: 'issues', delete: 'issues' },
  paths: { list: '/api/issues', item: '/api/issues/:id{[0-9]+}' },
  intro: 'موضوعات مطرح‌شده دربارهٔ اشخاص حقوقی و حقیقی، با نامه‌های وارده و صادرهٔ هر یک',
  emptyText: 'موضوعی با این شرایط نیست',
  fields: {
    id: { type: 'int', label: 'شناسه', column: { width: 80 }, sort: true },
    title: {
      type: 'text',
      label: 'عنوان',
      max: 200,
      column: { width: 280, grow: true, title: true },
      sort: true,
      filter: ['contains'],
      builderOnly: true,
      form: { section: 'موضوع', required: true, order: 1, wide: true },
    },
    object_type: {
      ...optionsOf(ISSUE_OBJECT_TYPES, ISSUE_OBJECT_TYPE_LABELS),
      label: 'نوع شخص',
      filter: ['eq'],
    },
    object_id: {
      type: 'ref',
      label: 'شخص حقوقی',
      picker: 'legal_person',
      shownAs: 'object',
      filter: ['eq'],
      apiOnly: true,
      form: { section: 'موضوع', required: true, order: 3 },
    },
    object: { type: 'text', label: 'شخص', column: { width: 220 }, sort: true, format: 'verbatim' },
    issue_type: {
      type: 'ref',
      label: 'نوع موضوع',
      optionsFrom: 'issue_types',
      shownAs: 'issue_type_name',
      filter: ['eq', 'in'],
      form: { section: 'موضوع', required: true, order: 4 },
    },
    issue_type_name: { type: 'text', label: 'نوع موضوع', column: { width: 180 }, sort: true },
    priority: {
      ...optionsOf(ISSUE_PRIORITIES, ISSUE_PRIORITY_LABELS),
      label: 'اولویت',
      column: { width: 90 },
      sort: true,
      filter: ['eq', 'in'],
      form: { section: 'موضوع', required: true, order: 5, initial: '3' },
    },
    status: {
      ...optionsOf(ISSUE_STATES, ISSUE_STATE_LABELS_FA),
      label: 'وضعیت',
      column: { width: 130 },
      sort: true,
      filter: ['eq', 'in'],
    },
    assignee_id: {
      type: 'ref',
      label: 'مسئول',
      nullable: true,
      optionsFrom: 'assignees',
      shownAs: 'assignee',
      filter: ['eq', 'in'],
      form: { section: 'پیگیری', order: 6 },
    },
    assignee: { type: 'text', label: 'مسئول', nullable: true, column: { width: 150 }, sort: true },
    due_date: {
      type: 'date',
      label: 'مهلت',
      nullable: true,
      column: { width: 110 },
      sort: true,
      filter: ['eq', 'gte', 'lte'],
      builderOnly: true,
      form: { section: 'پیگیری', order: 7 },
    },
    label: {
      type: 'ref',
      label: 'برچسب',
      notInRow: true,
      optionsFrom: 'labels:issue',
      filter: ['eq', 'in'],
    },
    description: {
      type: 'text',
      label: 'شرح',
      max: 20_000,
      notInRow: true,
      form: { section: 'شرح', wide: true, multiline: true, rows: 8, order: 8 },
    },
    created_by: { type: 'text', label: 'ثبت‌کننده', nullable: true, column: { width: 140 } },
    created_at: {
      type: 'timestamp',
      label: 'تاریخ ثبت',
      column: { width: 110, day: true },
      sort: true,
      filter: ['gte', 'lte'],
      builderOnly: true,
    },
  },
});

/** A row of the list: the entity's row fields and its labels (`LabelChip[]`, by name). */
export const issueRow = rowSchema(issueEntity).extend({ labels: z.array(labelChip) });
export type IssueRow = z.infer<typeof issueRow>;
/**
 * Body of create and update: the form's fields, and the kind of person the issue is about
 * (`legal_person` when not given: the form picks a legal person; a true person's issue names
 * `true_person`).
 */
export const issueInput = inputSchema(issueEntity).extend({
  object_type: z.enum(ISSUE_OBJECT_TYPES, { error: 'نوع شخص نامعتبر است' }).default('legal_person'),
});
export type IssueInput = z.input<typeof issueInput>;
export const issueParams = z.object({ id: positiveId });

/** A letter of an issue's correspondence as the API answers it (`letter_date` ISO, shown in Jalali). */
export const issueLetter = z.object({
  id: z.number().int(),
  direction: z.enum(LETTER_DIRECTIONS),
  reference_number: z.string(),
  letter_date: z.string(),
  sender: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type IssueLetter = z.infer<typeof issueLetter>;

/** POST /api/issues/:id/letters: the letter's fields; its reference number is the product's to issue. */
export const letterInput = z.object({
  direction: z.enum(LETTER_DIRECTIONS, {
    error: `جهت نامه باید ${LETTER_DIRECTION_LABELS_FA.in} یا ${LETTER_DIRECTION_LABELS_FA.out} باشد`,
  }),
  letter_date: isoDay('تاریخ نامه'),
  sender: persianText('فرستنده', 200),
  recipient: persianText('گیرنده', 200),
  subject: persianText('موضوع نامه', 300),
  body: z.string().max(50_000, 'متن نامه حداکثر ۵۰٬۰۰۰ نویسه است').default(''),
});

/** A structured sub-item of an issue, with its own status (open, or done). */
export const issueDetailItem = z.object({ id: z.number().int(), title: z.string(), done: z.boolean() });
/**
 * POST /api/issues/:id/details (`title` required) and PATCH …/details/:detailId (either field):
 * a detail's title (1–300 characters) and whether it is done.
 */
export const issueDetailPatch = z.object({
  title: persianText('عنوان جزء', 300).optional(),
  done: z.boolean({ error: 'وضعیت جزء باید بله یا خیر باشد' }).optional(),
});
export const issueDetailParams = z.object({ id: positiveId, detailId: positiveId });

/** GET /api/issues/:id: the row, with what the list leaves out. */
export const issueDetail = issueRow.extend({
  description: z.string().nullable(),
  duplicate_of: z.number().int().nullable(),
  decline_reason: z.string().nullable(),
  snoozed_until: z.string().nullable(),
  /** the moves the status statechart allows now (a payload may still be refused) */
  allowed_moves: z.array(z.enum(ISSUE_MOVE_TYPES)),
  details: z.array(issueDetailItem),
  letters: z.array(issueLetter),
});
export type IssueDetail = z.infer<typeof issueDetail>;

/**
 * POST /api/issues/:id/moves: one move of the status statechart; who and when are the server's.
 * `of` (MARK_DUPLICATE) the original issue's id; `reason` (DECLINE, REOPEN); `until` (SNOOZE) an
 * ISO day after today.
 */
export const issueMoveInput = z.object({
  type: z.enum(ISSUE_MOVE_TYPES, { error: 'حرکت وضعیت نامعتبر است' }),
  of: positiveId.optional(),
  reason: z.string().max(2000, 'دلیل حداکثر ۲٬۰۰۰ نویسه است').optional(),
  until: isoDay('تاریخ تعویق').optional(),
  note: z.string().max(2000, 'یادداشت حداکثر ۲٬۰۰۰ نویسه است').optional(),
});
export type IssueMoveInput = z.input<typeof issueMoveInput> & { type: IssueMoveType };

/** An issue type of the managed list, and a staff member who may be assigned. */
export const issueType = z.object({ id: z.number().int(), name: z.string() });
export const assignee = z.object({ id: z.number().int(), name: z.string() });

/** The most issues one bulk verb may touch (a selection, or every issue matching the list's filter). */
export const ISSUE_BULK_CAP = 10_000;
/**
 * How long after a triage verb its author may undo it, in milliseconds: long enough for the undo
 * stack of a triage session (Ctrl/⌘+Z takes back the last verbs in order), short enough that an
 * undo never reverts what colleagues built on since (an issue changed after the verb is left as
 * it is, and counted).
 */
export const ISSUE_UNDO_WINDOW_MS = 10 * 60_000;

/** The triage verbs on issues: a status move, assign, priority, set or remove a label. */
export const ISSUE_BULK_VERBS = ['move', 'assign', 'priority', 'label', 'unlabel'] as const;
export type IssueBulkVerb = (typeof ISSUE_BULK_VERBS)[number];

/**
 * POST /api/issues/bulk: one triage verb on the focused issue, a selection (`ids`) or every issue
 * matching the list's query (`all`: q, advanceFilter, plain filters), at most ISSUE_BULK_CAP.
 * `move` carries the status move as POST …/moves takes it; `assign` the assignee (`null`
 * unassigns); `priority` the code; `label` and `unlabel` the label.
 */
export const issueBulkInput = z
  .object({
    verb: z.enum(ISSUE_BULK_VERBS, { error: 'عملیات موضوعات نامعتبر است' }),
    ids: z
      .array(positiveId, { error: 'فهرست موضوعات نامعتبر است' })
      .min(1, 'دست‌کم یک موضوع را انتخاب کنید')
      .max(ISSUE_BULK_CAP, `حداکثر ${ISSUE_BULK_CAP.toLocaleString('fa-IR')} موضوع در یک عملیات`)
      .optional(),
    all: bulkAllQuery.optional(),
    move: issueMoveInput.optional(),
    assignee_id: positiveId.nullable().optional(),
    priority: z.enum(ISSUE_PRIORITIES, { error: 'اولویت نامعتبر است' }).optional(),
    label_id: positiveId.optional(),
  })
  .superRefine((v, ctx) => {
    const need = (ok: boolean, path: string, message: string) =>
      ok || ctx.addIssue({ code: 'custom', path: [path], message });
    need(
      (v.ids === undefined) !== (v.all === undefined),
      'ids',
      'موضوعات را انتخاب کنید یا «همه موارد» را بفرستید',
    );
    if (v.verb === 'move') need(v.move !== undefined, 'move', 'حرکت وضعیت را بفرستید');
    if (v.verb === 'assign') need(v.assignee_id !== undefined, 'assignee_id', 'مسئول را انتخاب کنید');
    if (v.verb === 'priority') need(v.priority !== undefined, 'priority', 'اولویت را انتخاب کنید');
    if (v.verb === 'label' || v.verb === 'unlabel')
      need(v.label_id !== undefined, 'label_id', 'برچسب را انتخاب کنید');
  });
export type IssueBulkInput = z.input<typeof issueBulkInput>;

/**
 * The answer of a bulk verb: the stored operation (its undo: POST /api/bulk-operations/:id/undo,
 * for ISSUE_UNDO_WINDOW_MS), how many issues it changed, and those it left with why (the
 * statechart's Persian reason, or «already so»), most frequent first.
 */
export const issueBulkAnswer = z.object({
  operation: bulkOperation,
  changed: z.number().int(),
  skipped: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export type IssueBulkAnswer = z.infer<typeof issueBulkAnswer>;

/** One group of the counts: its key (a code or an id; null: none), its Persian name, how many. */
const countGroup = z.object({ key: z.string().nullable(), name: z.string(), count: z.number().int() });
export type IssueCountGroup = z.infer<typeof countGroup>;

/**
 * GET /api/issues/counts: the issues matching the list's query (none: every issue) counted by
 * status (every state, zeros included, in the statechart's order), by type, by company (the 20
 * with most, then «سایر») and by province (of the company's or the person's city; «نامشخص»
 * without one). For the home screen and the dashboards.
 */
export const issueCounts = z.object({
  total: z.number().int(),
  by_status: z.array(countGroup),
  by_type: z.array(countGroup),
  by_company: z.array(countGroup),
  by_province: z.array(countGroup),
});
export type IssueCounts = z.infer<typeof issueCounts>;

/** Why a user follows an issue: they chose to, they raised it, or it is assigned to them. */
export const FOLLOW_REASONS = ['follows', 'creator', 'assignee'] as const;
export const FOLLOW_REASON_LABELS_FA: Readonly<Record<(typeof FOLLOW_REASONS)[number], string>> = {
  follows: 'دنبال می‌کند',
  creator: 'ثبت‌کننده',
  assignee: 'مسئول',
};

/**
 * GET /api/issues/:id/followers: who is told of the issue's new letters and its due date passing
 * (each active user once, with every reason that makes them a follower), whether I follow it,
 * and whether I chose to (`following_by_choice`: what PUT/DELETE …/follow change).
 */
export const issueFollowers = z.object({
  followers: z.array(
    z.object({ id: z.number().int(), name: z.string(), reasons: z.array(z.enum(FOLLOW_REASONS)) }),
  ),
  following: z.boolean(),
  following_by_choice: z.boolean(),
});
export type IssueFollowers = z.infer<typeof issueFollowers>;
