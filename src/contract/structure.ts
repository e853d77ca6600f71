import { z } from 'zod';
import { toAsciiDigits, toPersianDigits } from '../domain/persian-text.ts';
import { optionalJalali, persianText } from './fields.ts';
import { MAX_ID, recordVersion } from './ids.ts';
import { isoDay, STATE_CLASSES } from './ownership.ts';

/**
 * Drafts of a change of the corporate structure (issue 17, /person/corporate-structure-modification;
 * domain/ownership/structure.ts has the rules): operations on direct holdings, previewed against
 * the holdings valid on the effective date, then applied in one transaction or discarded.
 *
 * The API speaks fractions and ISO days: a share is a fraction in (0, 1] (rounded to six
 * decimals, the stored precision), `effective_on` an ISO day or null (today when applied). The
 * form speaks percent and Jalali: `structureDraftForm` takes what the screen holds (shares typed
 * as percent, Persian digits accepted; the date as ۱۴۰۴/۰۱/۰۱) and gives the API's body, so the
 * client checks with the same rules the server applies. Nodes are keys: `L<id>` a legal person,
 * `T<id>` a true person; a company is always `L<id>`.
 */

export const DRAFT_STATUSES = ['draft', 'applied', 'discarded'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];
export const DRAFT_STATUS_TITLES: Record<DraftStatus, string> = {
  draft: 'پیش‌نویس',
  applied: 'اعمال‌شده',
  discarded: 'کنار گذاشته',
};

export const OPERATION_KINDS = ['transfer', 'add', 'remove', 'divest', 'merge'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

/** Operations a draft holds at most. */
export const MAX_OPERATIONS = 50;

const keyInRange = (k: string) => Number(k.slice(1)) <= MAX_ID;
/** A holder: a legal or a true person. */
const holderKey = (label: string) =>
  z
    .string({ error: `${label} را برگزینید` })
    .min(1, `${label} را برگزینید`)
    .regex(/^[LT][1-9][0-9]{0,9}$/, `${label} نامعتبر است`)
    .refine(keyInRange, `${label} نامعتبر است`);
/** A company: a legal person. */
const companyKey = (label: string) =>
  z
    .string({ error: `${label} را برگزینید` })
    .min(1, `${label} را برگزینید`)
    .regex(/^L[1-9][0-9]{0,9}$/, `${label} باید شخصی حقوقی باشد`)
    .refine(keyInRange, `${label} نامعتبر است`);

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
/** A fraction in (0, 1], rounded to six decimals. */
const fraction = (label: string) =>
  z
    .number({ error: `${label} باید عددی میان صفر و یک باشد` })
    .gt(0, `${label} باید بیش از صفر باشد`)
    .max(1, `${label} حداکثر یک (۱۰۰٪) است`)
    .transform(round6)
    .refine((v) => v > 0, `${label} کمتر از یک میلیونیم است`);

const SHARE = 'سهم';
const RATIO = 'نسبت ادغام';

/** The operations as the API takes them (fractions). */
export const structureOperationInput = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('transfer'),
      company: companyKey('شرکت'),
      from: holderKey('واگذارنده'),
      to: holderKey('گیرنده'),
      share: fraction(SHARE),
    }),
    z.object({
      kind: z.literal('add'),
      company: companyKey('شرکت'),
      holder: holderKey('سهامدار'),
      share: fraction(SHARE),
    }),
    z.object({ kind: z.literal('remove'), company: companyKey('شرکت'), holder: holderKey('سهامدار') }),
    z.object({
      kind: z.literal('divest'),
      company: companyKey('شرکت'),
      holder: holderKey('سهامدار'),
      share: fraction(SHARE),
    }),
    z.object({
      kind: z.literal('merge'),
      absorbed: companyKey('شرکت ادغام‌شونده'),
      into: companyKey('شرکت پذیرنده'),
      ratio: fraction(RATIO),
    }),
  ],
  { error: 'نوع عملیات باید انتقال، افزودن، حذف، واگذاری یا ادغام باشد' },
);
export type StructureOperationInput = z.output<typeof structureOperationInput>;

/** POST /api/ownership/structure-drafts: a new draft. */
export const structureDraftInput = z.object({
  title: persianText('عنوان پیش‌نویس', 200),
  /** ISO day the change takes effect; null or absent: the day it is applied */
  effective_on: isoDay('تاریخ اجرا')
    .nullish()
    .transform((v) => v ?? null),
  operations: z
    .array(structureOperationInput, { error: 'فهرست عملیات نامعتبر است' })
    .max(MAX_OPERATIONS, `یک پیش‌نویس حداکثر ${toPersianDigits(MAX_OPERATIONS)} عملیات دارد`)
    .default([]),
});
export type StructureDraftInput = z.input<typeof structureDraftInput>;

const versionField = recordVersion('نسخه پیش‌نویس نامعتبر است');
/** PUT /api/ownership/structure-drafts/:id: the draft as saved, with the version it was read at. */
export const structureDraftUpdate = structureDraftInput.extend({ version: versionField });
/** POST …/discard and …/apply: the version the draft was read at. */
export const structureDraftAction = z.object({ version: versionField });

/** GET /api/ownership/structure-drafts: by status (all when absent), everyone's or mine. */
export const structureDraftsQuery = z.object({
  status: z.enum([...DRAFT_STATUSES, 'all'], { error: 'وضعیت پیش‌نویس نامعتبر است' }).default('all'),
  author: z.enum(['me', 'all'], { error: 'نویسنده باید me یا all باشد' }).default('all'),
});
export type StructureDraftsQuery = z.input<typeof structureDraftsQuery>;

// ---------------------------------------------------------------------------------------------
// The form: percent and Jalali.

/** A percentage typed as `۳۰`, `۱۲٫۵`, `12.5%` → a fraction (12.5 → 0.125); '' → the label's message. */
export const percentShare = (label: string) =>
  z.string({ error: `${label} را به درصد وارد کنید` }).transform((v, ctx) => {
    const text = toAsciiDigits(v)
      .replace(/[٫/,،]/g, '.')
      .replace(/[%٪\s]/g, '');
    if (!text) {
      ctx.addIssue({ code: 'custom', message: `${label} را به درصد وارد کنید` });
      return z.NEVER;
    }
    const n = /^\d{1,3}(\.\d{1,4})?$/.test(text) ? Number(text) : Number.NaN;
    if (!(n > 0 && n <= 100)) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} باید درصدی بیش از صفر و تا ۱۰۰ باشد، با حداکثر چهار رقم اعشار`,
      });
      return z.NEVER;
    }
    return round6(n / 100);
  });

/** One operation as the form holds it: every field a string ('' when not filled). */
export const operationForm = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('transfer'),
      company: companyKey('شرکت'),
      from: holderKey('واگذارنده'),
      to: holderKey('گیرنده'),
      share: percentShare(SHARE),
    }),
    z.object({
      kind: z.literal('add'),
      company: companyKey('شرکت'),
      holder: holderKey('سهامدار'),
      share: percentShare(SHARE),
    }),
    z.object({ kind: z.literal('remove'), company: companyKey('شرکت'), holder: holderKey('سهامدار') }),
    z.object({
      kind: z.literal('divest'),
      company: companyKey('شرکت'),
      holder: holderKey('سهامدار'),
      share: percentShare(SHARE),
    }),
    z.object({
      kind: z.literal('merge'),
      absorbed: companyKey('شرکت ادغام‌شونده'),
      into: companyKey('شرکت پذیرنده'),
      ratio: percentShare(RATIO),
    }),
  ],
  { error: 'نوع عملیات را برگزینید' },
);

/** The editor's values → the API's body (the date Jalali → ISO, shares percent → fraction). */
export const structureDraftForm = z.object({
  title: persianText('عنوان پیش‌نویس', 200),
  effective_on: optionalJalali('تاریخ اجرا'),
  operations: z
    .array(operationForm)
    .max(MAX_OPERATIONS, `یک پیش‌نویس حداکثر ${toPersianDigits(MAX_OPERATIONS)} عملیات دارد`),
});

// ---------------------------------------------------------------------------------------------
// Answers.

/** A person named in a draft or its preview. */
export const structureNode = z.object({
  key: z.string(),
  type: z.enum(['legal', 'true']),
  id: z.number().int(),
  name: z.string(),
});
export type StructureNode = z.infer<typeof structureNode>;

const userRef = z.object({ id: z.number().int(), name: z.string() });

/** Another open draft touching one of the same companies: the screen warns with it. */
export const otherDraft = z.object({
  id: z.number().int(),
  title: z.string(),
  author: userRef.nullable(),
  /** ISO 8601 UTC */
  updated_at: z.string(),
});
export type OtherDraft = z.infer<typeof otherDraft>;

/** A draft in the list. */
export const structureDraftRow = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(DRAFT_STATUSES),
  /** ISO day; null: the day it is (was) applied */
  effective_on: z.string().nullable(),
  author: userRef.nullable(),
  /** the caller wrote it */
  mine: z.boolean(),
  /** ISO 8601 UTC */
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
  closed_by: userRef.nullable(),
  version: z.number().int(),
  operation_count: z.number().int(),
  /** the legal persons its operations name */
  companies: z.array(structureNode),
  /** other open drafts naming any of the same legal persons (only while this one is open) */
  others: z.array(otherDraft),
});
export type StructureDraftRow = z.infer<typeof structureDraftRow>;

/** An operation as stored and answered (fractions). */
export const structureOperation = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('transfer'),
    company: z.string(),
    from: z.string(),
    to: z.string(),
    share: z.number(),
  }),
  z.object({ kind: z.literal('add'), company: z.string(), holder: z.string(), share: z.number() }),
  z.object({ kind: z.literal('remove'), company: z.string(), holder: z.string() }),
  z.object({ kind: z.literal('divest'), company: z.string(), holder: z.string(), share: z.number() }),
  z.object({ kind: z.literal('merge'), absorbed: z.string(), into: z.string(), ratio: z.number() }),
]);
export type StructureOperation = z.infer<typeof structureOperation>;

/** The ultimate controller (threshold 50%): one, a tie, or none with the largest direct holders. */
export const previewController = z.object({
  kind: z.enum(['controller', 'tie', 'none']),
  /** the controller (its combined share), the tied candidates, or the largest direct holders */
  holders: z.array(z.object({ holder: structureNode, share: z.number() })),
});
export type PreviewController = z.infer<typeof previewController>;

/** One side (before or after) of a company in the preview. */
export const previewSide = z.object({
  /** the state's integrated share, fraction; null when not computable or a state entity */
  state_share: z.number().nullable(),
  state_class: z.enum(STATE_CLASSES),
  controlled_by_state: z.boolean(),
  controller: previewController,
});
export type PreviewSide = z.infer<typeof previewSide>;

export const companyPreview = z.object({
  company: structureNode,
  /** named by an operation (else it is downstream of one) */
  touched: z.boolean(),
  /** the state's share, the class or the controller moves */
  changed: z.boolean(),
  class_changed: z.boolean(),
  controller_changed: z.boolean(),
  /** after − before of the state's share; null when either is not computable */
  share_change: z.number().nullable(),
  before: previewSide,
  after: previewSide,
  /** the largest holders on either side: integrated shares (0 none, null not computable) */
  holders: z.array(
    z.object({ holder: structureNode, before: z.number().nullable(), after: z.number().nullable() }),
  ),
});
export type CompanyPreview = z.infer<typeof companyPreview>;

export const structurePreview = z.object({
  /** the day the figures are computed for: the effective date (today when none) */
  as_of: z.string(),
  /** holdings the change would end, and create */
  ended: z.number().int(),
  added: z.number().int(),
  /** changed companies first (largest move of the state's share first), then the rest */
  companies: z.array(companyPreview),
});
export type StructurePreview = z.infer<typeof structurePreview>;

/** An operation that does not apply to the holdings: its index (from 0) and why. */
export const operationError = z.object({ index: z.number().int(), message: z.string() });

/** GET /api/ownership/structure-drafts/:id and every write's answer. */
export const structureDraftDetail = structureDraftRow.extend({
  operations: z.array(structureOperation),
  /** the persons the operations name */
  nodes: z.array(structureNode),
  /** null when the draft is closed or does not apply (see `errors`) */
  preview: structurePreview.nullable(),
  errors: z.array(operationError),
});
export type StructureDraftDetail = z.infer<typeof structureDraftDetail>;

/** POST …/apply: the draft as applied and what was written. */
export const structureApplyAnswer = z.object({
  draft: structureDraftDetail,
  /** holdings ended (valid_to set, or superseded on their first day) and created */
  ended: z.number().int(),
  added: z.number().int(),
  /** companies whose state class was recomputed */
  reclassified: z.number().int(),
});
export type StructureApplyAnswer = z.infer<typeof structureApplyAnswer>;
