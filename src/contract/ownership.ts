import { z } from 'zod';
import { positiveId } from './ids.ts';

/**
 * Ownership and control (issue 17): the calls behind the shareholder view, the two graph screens
 * and the state's class of each company. Figures are fractions 0..1 (numbers); a figure that
 * cannot be computed is null with the links of unknown share that make it so. Dates are ISO days.
 * A node of the ownership graph is a legal person (`L<id>`) or a true person (`T<id>`).
 */

/** The state's class of a company (domain/ownership/control.ts), and of a state entity itself. */
export const STATE_CLASSES = ['state', 'state-owned', 'state-affiliated', 'private', 'unknown'] as const;
export type StateClassCode = (typeof STATE_CLASSES)[number];
export const STATE_CLASS_TITLES: Record<StateClassCode, string> = {
  state: 'نهاد دولتی',
  'state-owned': 'دولتی',
  'state-affiliated': 'وابسته به دولت',
  private: 'خصوصی',
  unknown: 'نامعلوم',
};
/** How each class is explained where it is shown (the rule of domain/ownership/control.ts). */
export const STATE_CLASS_HINTS: Record<StateClassCode, string> = {
  state: 'از نهادهای دولت (وزارتخانه، شرکت مادرتخصصی، صندوق دولتی)',
  'state-owned': 'سهم یکپارچه دولت بیش از ۵۰٪',
  'state-affiliated': 'سهم یکپارچه دولت بیش از صفر و تا ۵۰٪، یا تحت کنترل دولت',
  private: 'بدون سهم دولت',
  unknown: 'سهم دولت به سبب پیوندی با سهم نامعلوم محاسبه‌پذیر نیست',
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO day (YYYY-MM-DD) that exists in the calendar. */
export const isoDay = (label: string) =>
  z
    .string({ error: `${label} را وارد کنید` })
    .trim()
    .refine(
      (v) =>
        ISO_DAY.test(v) &&
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
        new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: `${label} باید روزی به شکل ۲۰۲۴-۰۳-۲۰ باشد`,
      },
    );

/** The control threshold (fraction, default 0.5): more than this, direct or combined, controls. */
const threshold = z.coerce
  .number({ error: 'آستانه کنترل باید عددی میان ۰٫۰۱ و ۰٫۹۹ باشد' })
  .min(0.01, 'آستانه کنترل دست‌کم ۰٫۰۱ (یک درصد) است')
  .max(0.99, 'آستانه کنترل حداکثر ۰٫۹۹ است')
  .default(0.5);

/** `as_of` (ISO day, default today) and the control threshold. */
export const asOfQuery = z.object({
  as_of: isoDay('تاریخ').optional(),
  threshold,
});
export type AsOfQuery = z.input<typeof asOfQuery>;

/** A node of the ownership graph as answers name it. */
export const ownershipNode = z.object({
  /** `L<id>` or `T<id>` */
  key: z.string(),
  type: z.enum(['legal', 'true']),
  id: z.number().int(),
  name: z.string(),
  /** the company's ticker, null for others */
  ticker: z.string().nullable(),
  /** the state's integrated share of a legal person on the date; null when not computable or a true person */
  state_share: z.number().nullable(),
  /** null for true persons */
  state_class: z.enum(STATE_CLASSES).nullable(),
  is_state_entity: z.boolean(),
});
export type OwnershipNode = z.infer<typeof ownershipNode>;

/** A link of unknown share, named by its two ends. */
export const unknownLink = z.object({ holder: ownershipNode, company: ownershipNode });

/** The ultimate controller (domain/ownership/control.ts `ControlResult`), with names. */
export const controllerAnswer = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('controller'),
    controller: ownershipNode,
    share: z.number(),
    path: z.array(ownershipNode),
    unknown_links: z.array(unknownLink),
  }),
  z.object({
    kind: z.literal('tie'),
    candidates: z.array(z.object({ holder: ownershipNode, share: z.number() })),
    circular: z.boolean(),
    unknown_links: z.array(unknownLink),
  }),
  z.object({
    kind: z.literal('none'),
    largest: z.array(z.object({ holder: ownershipNode, share: z.number() })),
    unknown_links: z.array(unknownLink),
  }),
]);
export type ControllerAnswer = z.infer<typeof controllerAnswer>;

/** A data error that kept some links out of the figures (domain/ownership/graph.ts), with names. */
export const ownershipDataIssue = z.object({
  kind: z.enum(['share-out-of-range', 'over-held', 'divergent-cycle']),
  message: z.string(),
  nodes: z.array(ownershipNode),
});

/**
 * One holder of a company: its direct share (fraction; null when declared without a figure or
 * not held directly), its integrated share (null when not computable: `unknown_links` says why),
 * and a declared indirect interest with its figure when one was imported.
 */
export const integratedHolder = z.object({
  holder: ownershipNode,
  direct: z.number().nullable(),
  direct_unknown: z.boolean(),
  integrated: z.number().nullable(),
  unknown_links: z.array(unknownLink),
  declared_indirect: z.number().nullable(),
  /** declared indirect and computed integrated differ by more than 0.01 percentage points */
  disagrees: z.boolean(),
});
export type IntegratedHolder = z.infer<typeof integratedHolder>;

/**
 * GET /api/ownership/legal-persons/:id/owners: the company, its state share and class on the date,
 * every holder direct or through chains (largest integrated first), the ultimate controller.
 */
export const companyOwners = z.object({
  company: ownershipNode,
  as_of: z.string(),
  threshold: z.number(),
  controlled_by_state: z.boolean(),
  holders: z.array(integratedHolder),
  controller: controllerAnswer,
  data_issues: z.array(ownershipDataIssue),
});
export type CompanyOwners = z.infer<typeof companyOwners>;

/** A company held by a holder, directly and through chains. */
export const integratedHolding = z.object({
  company: ownershipNode,
  direct: z.number().nullable(),
  direct_unknown: z.boolean(),
  integrated: z.number().nullable(),
  unknown_links: z.array(unknownLink),
  /** the holder controls the company (threshold of the query) */
  controls: z.boolean(),
});

/** GET /api/ownership/{legal,true}-persons/:id/holdings: what a legal or true person holds, directly and through chains. */
export const holderHoldings = z.object({
  holder: ownershipNode,
  as_of: z.string(),
  threshold: z.number(),
  holdings: z.array(integratedHolding),
  data_issues: z.array(ownershipDataIssue),
});
export type HolderHoldings = z.infer<typeof holderHoldings>;

/** A node key in a query: `L<id>` or `T<id>`. */
const nodeKey = z
  .string()
  .regex(/^[LT][1-9][0-9]{0,9}$/, 'شناسه گره باید به شکل L12 یا T7 باشد')
  .refine((k) => Number(k.slice(1)) <= 2_147_483_647, 'شناسه گره نامعتبر است');

export const companyIdParams = z.object({ id: positiveId });

/** GET /api/ownership/chains: holder and company keys, the date, at most `limit` chains. */
export const chainsQuery = z.object({
  holder: nodeKey,
  company: nodeKey,
  as_of: isoDay('تاریخ').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});

/**
 * The chains from a holder to a company that make up its integrated share, largest product
 * first; `rest` is what walks round cycles add beyond the listed simple chains (integrated −
 * Σ products), so the figure is explained to the last digit; `truncated` when there are more.
 */
export const chainsAnswer = z.object({
  holder: ownershipNode,
  company: ownershipNode,
  as_of: z.string(),
  integrated: z.number().nullable(),
  chains: z.array(
    z.object({
      nodes: z.array(ownershipNode),
      product: z.number().nullable(),
      unknown_links: z.array(unknownLink),
    }),
  ),
  rest: z.number().nullable(),
  truncated: z.boolean(),
});
export type ChainsAnswer = z.infer<typeof chainsAnswer>;

export const GRAPH_DIRECTIONS = ['up', 'down'] as const;
/** Links a node shows when it is opened, and how many more each "N more" adds. */
export const GRAPH_PAGE = 12;

/**
 * GET /api/ownership/graph/:id: the subgraph around a legal person. `direction` up: its owners, and
 * theirs; down: what it holds, and what those hold. `open`: the nodes whose links are shown, each
 * with how many (`L12:24,L40:12`); when absent, the root and the nodes within `depth` levels of it
 * are open with GRAPH_PAGE links each. A node's links beyond the count it shows are counted in
 * `more`, never dropped in silence.
 */
export const graphQuery = z.object({
  direction: z.enum(GRAPH_DIRECTIONS, { error: 'جهت باید up یا down باشد' }).default('up'),
  as_of: isoDay('تاریخ').optional(),
  depth: z.coerce.number().int().min(1, 'عمق دست‌کم ۱ است').max(8, 'عمق حداکثر ۸ است').default(2),
  open: z
    .string()
    .max(20_000)
    .regex(
      /^([LT][1-9][0-9]{0,9}:[1-9][0-9]{0,4})(,[LT][1-9][0-9]{0,9}:[1-9][0-9]{0,4})*$/,
      'فهرست گره‌های باز نامعتبر است',
    )
    .optional(),
  include_ended: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .default(false),
  threshold,
});
export type GraphQuery = z.input<typeof graphQuery>;
export type GraphQueryValues = z.output<typeof graphQuery>;

export const graphNode = ownershipNode.extend({
  /** levels from the root along the direction */
  depth: z.number().int(),
  /** the root's share held by this node (up) or this node's share held by the root (down); null when not computable */
  integrated: z.number().nullable(),
  /** links in the direction: all of them, and how many are shown */
  links_total: z.number().int(),
  links_shown: z.number().int(),
  open: z.boolean(),
  on_control_path: z.boolean(),
});
export type GraphNodeAnswer = z.infer<typeof graphNode>;

export const graphEdge = z.object({
  holder: z.string(),
  company: z.string(),
  /** direct share, fraction; null when unknown */
  share: z.number().nullable(),
  on_control_path: z.boolean(),
  /** ended before the date (shown only with include_ended) */
  ended: z.boolean(),
  valid_to: z.string().nullable(),
});
export type GraphEdgeAnswer = z.infer<typeof graphEdge>;

export const ownershipGraph = z.object({
  root: z.string(),
  direction: z.enum(GRAPH_DIRECTIONS),
  as_of: z.string(),
  nodes: z.array(graphNode),
  edges: z.array(graphEdge),
  controller: controllerAnswer.nullable(),
  data_issues: z.array(ownershipDataIssue),
});
export type OwnershipGraphAnswer = z.infer<typeof ownershipGraph>;

/** PUT /api/ownership/state-entities/:id: whether a legal person is one of the state's entities. */
export const stateEntityInput = z.object({
  is_state_entity: z.boolean({ error: 'مقدار «نهاد دولتی» باید بله یا خیر باشد' }),
});
export const stateEntityAnswer = z.object({
  id: z.number().int(),
  is_state_entity: z.boolean(),
  changed: z.number().int(),
});

/**
 * GET /api/ownership/review: the declared indirect interests (imported) whose computed integrated
 * figure differs from the declared one by more than 0.01 percentage point, or cannot be computed
 * (issue 17, "Declared versus computed"), largest difference first; not computable last.
 */
export const reviewQuery = z.object({ as_of: isoDay('تاریخ').optional() });
export const reviewRow = z.object({
  company: ownershipNode,
  holder: ownershipNode,
  declared: z.number().nullable(),
  computed: z.number().nullable(),
  /** computed − declared; null when either is unknown */
  difference: z.number().nullable(),
  unknown_links: z.array(unknownLink),
});
export type ReviewRow = z.infer<typeof reviewRow>;
export const reviewAnswer = z.object({
  as_of: z.string(),
  /** declared indirect interests valid on the date */
  declared: z.number().int(),
  rows: z.array(reviewRow),
});
export type ReviewAnswer = z.infer<typeof reviewAnswer>;

/**
 * GET /api/ownership/compare?from=&to=: what changed between two dates, company by company: the
 * state's integrated share, the class, and whether the state controls the company
 * (domain/ownership/as-of.ts `compareDates`), largest change of share first.
 */
export const compareQuery = z
  .object({ from: isoDay('تاریخ آغاز'), to: isoDay('تاریخ پایان').optional() })
  .refine((q) => !q.to || q.from <= q.to, {
    message: 'تاریخ آغاز باید پیش از تاریخ پایان باشد',
    path: ['from'],
  });
const companyOnDay = z.object({
  share: z.number().nullable(),
  class: z.enum(STATE_CLASSES),
  controlled_by_state: z.boolean(),
});
export const compareRow = z.object({
  company: ownershipNode,
  before: companyOnDay,
  after: companyOnDay,
  share_change: z.number().nullable(),
  class_changed: z.boolean(),
  control_changed: z.boolean(),
});
export type CompareRow = z.infer<typeof compareRow>;
export const compareAnswer = z.object({ from: z.string(), to: z.string(), rows: z.array(compareRow) });
export type CompareAnswer = z.infer<typeof compareAnswer>;
