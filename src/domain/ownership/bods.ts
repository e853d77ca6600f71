/**
 * Beneficial Ownership Data Standard (BODS) 0.4: import and export (issue 17, "Interchange").
 *
 * Source: openownership/data-standard at d97e79829b3bbdc759bc35c814b002c65ff75e95, files
 * schema/statement.json, entity-record.json, person-record.json, relationship-record.json,
 * components.json and schema/codelists/*.csv; docs/standard/modelling/information-updates.rst
 * (recordStatus) and system/conformance.rst (references checked beyond the JSON schema).
 *
 * A BODS package is a JSON array of statements. Each statement is about one record (an entity,
 * a person or a relationship) of a beneficial ownership network: `recordId`, `recordType`,
 * `recordDetails`, plus `statementId` (32–64 characters), `statementDate`, `declarationSubject`
 * and `publicationDetails {publicationDate, bodsVersion, publisher {name | url}}`. A relationship
 * says that an `interestedParty` (entity or person, or an "unspecified" object with a reason)
 * holds `interests` in a `subject` (an entity); an interest has a `type` (interestType codelist),
 * `directOrIndirect`, `beneficialOwnershipOrControl`, a `share` in PERCENT 0..100 (`exact`, or a
 * range `minimum`/`exclusiveMinimum` .. `maximum`/`exclusiveMaximum`), `startDate`, `endDate`.
 *
 * In the product a share is a FRACTION: BODS percent / 100 on import, fraction · 100 on export.
 * An unknown share stays null, never guessed (issue 17, "Declared versus computed"); an interest
 * declared indirect stays apart from the direct ones, with its declared figure.
 *
 * Parsing is pure and all or nothing: `parseBodsPackage` is the dry run, and the import writes
 * only a package that it accepted. Every problem is reported (statement id, index, path, a reason
 * in Persian). Checked: the fields the schema requires, the codelists, share ranges, dates,
 * recordType against recordDetails, references inside the package, bodsVersion "0.4". Fields the
 * product does not read (addresses, source, annotations, …) are allowed and not checked.
 *
 * Choices where the standard leaves room:
 *   - `publicationDetails` is required (0.3 changelog: "A required publicationDetails property";
 *     the 0.4 statement.json omits it from `required`), with bodsVersion exactly "0.4";
 *   - a record stated several times resolves to its latest statement (by statementDate, then by
 *     order in the package); when that statement is `closed`, each interest of a relationship
 *     without an endDate gets the date of the closing statement (the record stopped being part of
 *     the network then), or its startDate when the closing statement is dated before the interest
 *     began; a closed entity or person is kept as last stated (closed relationships may still name
 *     it);
 *   - the subject must be an entity of the package: an unspecified subject is refused (a holding
 *     in an unknown company has no place in the product);
 *   - beyond the schema: a share range whose lower bound exceeds its upper bound, and an interest
 *     ending before it starts, are refused;
 *   - a relationship without interests gives no rows (it carries no holding);
 *   - a range's lower bound given as both `minimum` and `exclusiveMinimum` keeps the tighter one
 *     (the same for upper bounds).
 */
import { z } from 'zod';
import type { Holding } from './graph.ts';

// ---------------------------------------------------------------------------------------------
// Codelists (schema/codelists/*.csv, BODS 0.4)

export const BODS_ENTITY_TYPES = [
  'registeredEntity',
  'legalEntity',
  'arrangement',
  'anonymousEntity',
  'unknownEntity',
  'state',
  'stateBody',
] as const;
export type BodsEntityType = (typeof BODS_ENTITY_TYPES)[number];

export const BODS_ENTITY_SUBTYPES = [
  'governmentDepartment',
  'stateAgency',
  'other',
  'trust',
  'nomination',
] as const;
export type BodsEntitySubtype = (typeof BODS_ENTITY_SUBTYPES)[number];

/** The subtypes each entity type admits (entity-record.json, entityType.allOf). */
const SUBTYPES_OF: Record<BodsEntityType, readonly BodsEntitySubtype[]> = {
  registeredEntity: ['other'],
  legalEntity: ['trust', 'other'],
  arrangement: ['trust', 'nomination', 'other'],
  anonymousEntity: ['other'],
  unknownEntity: ['other'],
  state: ['other'],
  stateBody: ['governmentDepartment', 'stateAgency', 'other'],
};

export const BODS_PERSON_TYPES = ['knownPerson', 'anonymousPerson', 'unknownPerson'] as const;
export type BodsPersonType = (typeof BODS_PERSON_TYPES)[number];

export const BODS_INTEREST_TYPES = [
  'shareholding',
  'votingRights',
  'appointmentOfBoard',
  'otherInfluenceOrControl',
  'seniorManagingOfficial',
  'settlor',
  'trustee',
  'protector',
  'beneficiaryOfLegalArrangement',
  'rightsToSurplusAssetsOnDissolution',
  'rightsToProfitOrIncome',
  'rightsGrantedByContract',
  'conditionalRightsGrantedByContract',
  'controlViaCompanyRulesOrArticles',
  'controlByLegalFramework',
  'boardMember',
  'boardChair',
  'unknownInterest',
  'unpublishedInterest',
  'enjoymentAndUseOfAssets',
  'rightToProfitOrIncomeFromAssets',
  'nominee',
  'nominator',
] as const;
export type BodsInterestType = (typeof BODS_INTEREST_TYPES)[number];

export const BODS_DIRECTNESS = ['direct', 'indirect', 'unknown'] as const;
export type BodsDirectness = (typeof BODS_DIRECTNESS)[number];

export const BODS_UNSPECIFIED_REASONS = [
  'noBeneficialOwners',
  'subjectUnableToConfirmOrIdentifyBeneficialOwner',
  'interestedPartyHasNotProvidedInformation',
  'subjectExemptFromDisclosure',
  'interestedPartyExemptFromDisclosure',
  'unknown',
  'informationUnknownToPublisher',
] as const;
export type BodsUnspecifiedReason = (typeof BODS_UNSPECIFIED_REASONS)[number];

const RECORD_TYPES = ['entity', 'person', 'relationship'] as const;
const RECORD_STATUSES = ['new', 'updated', 'closed'] as const;
const NAME_TYPES = ['legal', 'translation', 'transliteration', 'former', 'alternative', 'birth'] as const;

/** The interest types that carry ownership of shares, read as holdings by `bodsHoldings`. */
export const OWNERSHIP_INTEREST_TYPES: readonly BodsInterestType[] = ['shareholding'];

// ---------------------------------------------------------------------------------------------
// The product's model of a package

/** An identifier of a record: the schema asks for a scheme or a schemeName; id may be absent. */
export type BodsIdentifier = { scheme: string | null; schemeName: string | null; id: string | null };

export type BodsEntity = {
  recordId: string;
  statementId: string;
  name: string | null;
  entityType: BodsEntityType;
  entitySubtype: BodsEntitySubtype | null;
  /** entityType is state or stateBody. */
  isState: boolean;
  identifiers: BodsIdentifier[];
  /** Jurisdiction code (ISO 3166-1 or 3166-2, 2–6 characters), and its name. */
  jurisdiction: string | null;
  jurisdictionName: string | null;
  /** YYYY-MM-DD */
  foundingDate: string | null;
  dissolutionDate: string | null;
  isComponent: boolean;
};

export type BodsPerson = {
  recordId: string;
  statementId: string;
  /** fullName of the first name, else its given and family names; null when no name is given. */
  name: string | null;
  personType: BodsPersonType;
  identifiers: BodsIdentifier[];
  /** Country codes (ISO 3166-1 alpha-2), or the country's name when it has no code. */
  nationalities: string[];
  isComponent: boolean;
};

/** An interested party that is not disclosed, with the reason (unspecifiedReason codelist). */
export type BodsUnspecified = { reason: BodsUnspecifiedReason; description: string | null };

/** One interest of a relationship statement. Shares are FRACTIONS in [0, 1]. */
export type BodsInterest = {
  relationshipRecordId: string;
  statementId: string;
  /** recordId of the entity in which the interest is held. */
  subject: string;
  /** recordId of the holder; null when unspecified (see interestedPartyUnspecified). */
  interestedParty: string | null;
  interestedPartyKind: 'entity' | 'person' | null;
  interestedPartyUnspecified: BodsUnspecified | null;
  /** null when the statement gives no type. */
  type: BodsInterestType | null;
  details: string | null;
  /** 'unknown' when the statement does not say (the codelist's "may be direct or indirect"). */
  direct: BodsDirectness;
  /** null when the statement does not say. */
  beneficialOwnershipOrControl: boolean | null;
  /** exact percent / 100; null when not given (a range alone leaves it null). */
  share: number | null;
  /** The declared range, fractions; an exclusive bound is flagged. */
  shareMin: number | null;
  shareMax: number | null;
  shareMinExclusive: boolean;
  shareMaxExclusive: boolean;
  /** YYYY-MM-DD */
  startDate: string | null;
  endDate: string | null;
  isComponent: boolean;
  /** recordIds of the records that detail an indirect relationship. */
  componentRecords: string[];
};

export type BodsPackage = { entities: BodsEntity[]; persons: BodsPerson[]; interests: BodsInterest[] };

/** A refused package's problem; index is the statement's position (-1: the package itself). */
export type BodsError = { statementId: string | null; index: number; path: string; reason: string };

export type BodsParseResult = { ok: true; package: BodsPackage } | { ok: false; errors: BodsError[] };

// ---------------------------------------------------------------------------------------------
// Schemas (what the product reads, and what the standard requires)

/** A value as written in a reason, cut at 60 characters. */
const show = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;
const YEAR_MONTH = /^\d{4}(-(0[1-9]|1[0-2]))?$/;

/**
 * A real calendar date written YYYY-MM-DD. Date.UTC carries an impossible day into the next month
 * (the day then differs) and an impossible month into another year (the year then differs), so the
 * year and the day are all there is to compare.
 */
export function isBodsDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCDate() === d;
}

const isDateOrDateTime = (s: string) => isBodsDate(s) || (DATE_TIME.test(s) && isBodsDate(s.slice(0, 10)));

const date = z.string().refine(isBodsDate, {
  error: (iss) => `باید تاریخی درست به شکل YYYY-MM-DD باشد؛ آمده: ${show(iss.input)}`,
});
const dateOrTime = z.string().refine(isDateOrDateTime, {
  error: (iss) => `باید تاریخ (YYYY-MM-DD) یا تاریخ و ساعت RFC 3339 باشد؛ آمده: ${show(iss.input)}`,
});
const partialDate = z.string().refine((s) => YEAR_MONTH.test(s) || isBodsDate(s), {
  error: (iss) =>
    `باید سال، سال و ماه یا تاریخ کامل باشد (YYYY، YYYY-MM یا YYYY-MM-DD)؛ آمده: ${show(iss.input)}`,
});

const percent = z.number().min(0).max(100);

const unspecified = z.object({
  reason: z.enum(BODS_UNSPECIFIED_REASONS),
  description: z.string().optional(),
});

const identifier = z
  .object({ id: z.string().optional(), scheme: z.string().optional(), schemeName: z.string().optional() })
  .refine((x) => x.scheme !== undefined || x.schemeName !== undefined, {
    error: 'شناسه باید scheme یا schemeName داشته باشد',
  });

const country = z.object({ name: z.string(), code: z.string().length(2).optional() });

const envelope = z.object({
  statementId: z.string().min(32).max(64),
  declarationSubject: z.string(),
  statementDate: dateOrTime,
  publicationDetails: z.object({
    publicationDate: dateOrTime,
    bodsVersion: z.string().refine((v) => v === '0.4', {
      error: (iss) =>
        `نسخهٔ BODS باید «0.4» باشد؛ آمده: «${String(iss.input)}». این درون‌بُرد فقط نسخهٔ 0.4 را می‌خواند`,
    }),
    publisher: z
      .object({ name: z.string().optional(), url: z.string().optional() })
      .refine((p) => p.name !== undefined || p.url !== undefined, {
        error: 'ناشر باید نام (name) یا نشانی (url) داشته باشد',
      }),
  }),
  recordId: z.string(),
  recordStatus: z.enum(RECORD_STATUSES).optional(),
  recordType: z.enum(RECORD_TYPES),
  recordDetails: z.unknown(),
});

const entityDetails = z.object({
  isComponent: z.boolean(),
  entityType: z
    .object({ type: z.enum(BODS_ENTITY_TYPES), subtype: z.enum(BODS_ENTITY_SUBTYPES).optional() })
    .superRefine((t, ctx) => {
      if (t.subtype !== undefined && !SUBTYPES_OF[t.type].includes(t.subtype))
        ctx.addIssue({
          code: 'custom',
          path: ['subtype'],
          message: `زیرنوع «${t.subtype}» برای نوع «${t.type}» مجاز نیست؛ مجاز: ${SUBTYPES_OF[t.type].join('، ')}`,
        });
    }),
  unspecifiedEntityDetails: unspecified.optional(),
  name: z.string().optional(),
  jurisdiction: z.object({ name: z.string(), code: z.string().min(2).max(6).optional() }).optional(),
  identifiers: z.array(identifier).optional(),
  foundingDate: date.optional(),
  dissolutionDate: date.optional(),
});

const personDetails = z.object({
  isComponent: z.boolean(),
  personType: z.enum(BODS_PERSON_TYPES),
  unspecifiedPersonDetails: unspecified.optional(),
  names: z
    .array(
      z.object({
        type: z.enum(NAME_TYPES).optional(),
        fullName: z.string(),
        givenName: z.string().optional(),
        familyName: z.string().optional(),
      }),
    )
    .optional(),
  identifiers: z.array(identifier).optional(),
  nationalities: z.array(country).optional(),
  birthDate: partialDate.optional(),
  deathDate: partialDate.optional(),
});

const interest = z
  .object({
    type: z.enum(BODS_INTEREST_TYPES).optional(),
    directOrIndirect: z.enum(BODS_DIRECTNESS).optional(),
    beneficialOwnershipOrControl: z.boolean().optional(),
    details: z.string().optional(),
    share: z
      .object({
        exact: percent.optional(),
        minimum: percent.optional(),
        maximum: percent.optional(),
        exclusiveMinimum: percent.optional(),
        exclusiveMaximum: percent.optional(),
      })
      .optional(),
    startDate: date.optional(),
    endDate: date.optional(),
  })
  .superRefine((i, ctx) => {
    const [lo] = lowerBound(i.share);
    const [hi] = upperBound(i.share);
    if (lo !== null && hi !== null && lo > hi)
      ctx.addIssue({
        code: 'custom',
        path: ['share'],
        message: `کران پایین سهم (${lo * 100}٪) از کران بالای آن (${hi * 100}٪) بیشتر است`,
      });
    if (i.startDate && i.endDate && i.endDate < i.startDate)
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: `پایان منفعت (${i.endDate}) پیش از آغاز آن (${i.startDate}) است`,
      });
  });

const relationshipDetails = z
  .object({
    isComponent: z.boolean(),
    componentRecords: z.array(z.string()).optional(),
    subject: z.union([z.string(), unspecified]),
    interestedParty: z.union([z.string(), unspecified]),
    interests: z.array(interest).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.isComponent && r.componentRecords?.length)
      ctx.addIssue({
        code: 'custom',
        path: ['componentRecords'],
        message: 'رابطهٔ جزء (isComponent = true) نباید componentRecords داشته باشد',
      });
  });

type Envelope = z.infer<typeof envelope>;
type Share = z.infer<typeof interest>['share'];
type Parsed =
  | { index: number; env: Envelope; kind: 'entity'; details: z.infer<typeof entityDetails> }
  | { index: number; env: Envelope; kind: 'person'; details: z.infer<typeof personDetails> }
  | { index: number; env: Envelope; kind: 'relationship'; details: z.infer<typeof relationshipDetails> };

function lowerBound(s: Share): [number | null, boolean] {
  const a = s?.minimum;
  const b = s?.exclusiveMinimum;
  if (b === undefined) return [a === undefined ? null : a / 100, false];
  return a !== undefined && a > b ? [a / 100, false] : [b / 100, true];
}

function upperBound(s: Share): [number | null, boolean] {
  const a = s?.maximum;
  const b = s?.exclusiveMaximum;
  if (b === undefined) return [a === undefined ? null : a / 100, false];
  return a !== undefined && a < b ? [a / 100, false] : [b / 100, true];
}

// ---------------------------------------------------------------------------------------------
// Reasons in Persian

const TYPE_FA: Record<string, string> = {
  string: 'رشته',
  number: 'عدد',
  boolean: 'مقدار بولی (true یا false)',
  object: 'شیء JSON',
  array: 'آرایه',
};

function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}

function reasonOf(issue: z.core.$ZodIssue, field: string): string {
  const name = field ? `«${field}»` : 'بیانیه';
  // a refinement's issue always carries the value it refused
  if (!('input' in issue) || issue.input === undefined) return `${name} نیامده است؛ این فیلد الزامی است`;
  const given = `؛ آمده: ${show(issue.input)}`;
  switch (issue.code) {
    case 'invalid_type':
      return `${name} باید ${TYPE_FA[issue.expected] ?? issue.expected} باشد${given}`;
    case 'invalid_value':
      return `مقدار ${show(issue.input)} برای ${name} مجاز نیست؛ مجاز: ${issue.values.map(String).join('، ')}`;
    case 'invalid_union':
      return `${name} باید شناسهٔ یک رکورد (رشته) یا شیء «نامشخص» با reason باشد${given}`;
    // the schemas bound the length of strings and, among numbers, only a share's percents
    case 'too_small':
      if (issue.origin === 'string') return `طول ${name} باید دست‌کم ${issue.minimum} نویسه باشد${given}`;
      return `سهم باید درصدی از 0 تا 100 باشد${given}`;
    case 'too_big':
      if (issue.origin === 'string') return `طول ${name} باید حداکثر ${issue.maximum} نویسه باشد${given}`;
      return `سهم باید درصدی از 0 تا 100 باشد${given}`;
    case 'custom':
      // the refinements write their own reason, with the values they need
      return `${name}: ${issue.message}`;
    default:
      return `${name} نامعتبر است${given}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Import

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Reads a BODS 0.4 package (a JSON array of statements) into the product's model, or refuses it
 * with every problem found (see the module comment). Pure: it is also the import's dry run.
 */
export function parseBodsPackage(input: unknown): BodsParseResult {
  if (!Array.isArray(input))
    return {
      ok: false,
      errors: [
        {
          statementId: null,
          index: -1,
          path: '',
          reason: `بستهٔ BODS باید آرایه‌ای از بیانیه‌ها باشد؛ آمده: ${input === null ? 'null' : typeof input}`,
        },
      ],
    };
  const errors: BodsError[] = [];
  const parsed: Parsed[] = [];
  const idOf = (x: unknown) => (isObject(x) && typeof x.statementId === 'string' ? x.statementId : null);
  const fail = (index: number, path: string, reason: string) =>
    errors.push({ statementId: idOf(input[index]), index, path, reason });
  const report = (index: number, issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []) => {
    for (const issue of issues) {
      const path = pathText([...prefix, ...issue.path]);
      fail(index, path, reasonOf(issue, path));
    }
  };

  input.forEach((raw, index) => {
    const env = envelope.safeParse(raw, { reportInput: true });
    if (!env.success) report(index, env.error.issues);
    const recordType = isObject(raw) ? raw.recordType : undefined;
    if (recordType !== 'entity' && recordType !== 'person' && recordType !== 'relationship') return;
    const schema =
      recordType === 'entity' ? entityDetails : recordType === 'person' ? personDetails : relationshipDetails;
    const details = schema.safeParse((raw as Record<string, unknown>).recordDetails, { reportInput: true });
    if (!details.success) report(index, details.error.issues, ['recordDetails']);
    if (env.success && details.success)
      parsed.push({ index, env: env.data, kind: recordType, details: details.data } as Parsed);
  });

  // across statements: unique statement ids, one record type per record, references that resolve
  const typeOf = new Map<string, string>();
  const seenStatement = new Map<string, number>();
  input.forEach((raw, index) => {
    if (!isObject(raw)) return;
    const { statementId, recordId, recordType } = raw;
    if (typeof statementId === 'string') {
      const first = seenStatement.get(statementId);
      if (first !== undefined)
        fail(
          index,
          'statementId',
          `شناسهٔ بیانیه «${statementId}» تکراری است؛ در بیانیهٔ ${first} هم آمده است`,
        );
      else seenStatement.set(statementId, index);
    }
    if (typeof recordId !== 'string' || !RECORD_TYPES.includes(recordType as never)) return;
    const known = typeOf.get(recordId);
    if (known === undefined) typeOf.set(recordId, recordType as string);
    else if (known !== recordType)
      fail(
        index,
        'recordType',
        `رکورد «${recordId}» در بیانیهٔ دیگری از نوع «${known}» آمده است، نه «${String(recordType)}»`,
      );
  });
  // references are checked on every relationship, also one with other problems
  input.forEach((raw, index) => {
    if (!isObject(raw) || raw.recordType !== 'relationship' || !isObject(raw.recordDetails)) return;
    const { subject, interestedParty, componentRecords } = raw.recordDetails;
    if (isObject(subject))
      fail(
        index,
        'recordDetails.subject',
        'موضوع نامشخص پذیرفته نیست: موضوع رابطه باید شناسهٔ یک شخص حقوقی (entity) در همین بسته باشد',
      );
    else if (typeof subject === 'string' && !typeOf.has(subject))
      fail(index, 'recordDetails.subject', `رکورد «${subject}» که موضوع رابطه است در این بسته نیامده است`);
    else if (typeof subject === 'string' && typeOf.get(subject) !== 'entity')
      fail(
        index,
        'recordDetails.subject',
        `موضوع رابطه باید شخص حقوقی (entity) باشد؛ «${subject}» از نوع «${typeOf.get(subject)}» است`,
      );
    if (typeof interestedParty === 'string') {
      const kind = typeOf.get(interestedParty);
      if (kind === undefined)
        fail(
          index,
          'recordDetails.interestedParty',
          `رکورد «${interestedParty}» که دارندهٔ منفعت است در این بسته نیامده است`,
        );
      else if (kind === 'relationship')
        fail(
          index,
          'recordDetails.interestedParty',
          `دارندهٔ منفعت باید شخص حقوقی یا حقیقی باشد؛ «${interestedParty}» یک رابطه است`,
        );
    }
    if (Array.isArray(componentRecords))
      componentRecords.forEach((id, k) => {
        if (typeof id === 'string' && !typeOf.has(id))
          fail(index, `recordDetails.componentRecords[${k}]`, `رکورد جزء «${id}» در این بسته نیامده است`);
      });
  });
  if (errors.length) return { ok: false, errors: errors.sort((a, b) => a.index - b.index) };
  return { ok: true, package: resolve(parsed, typeOf) };
}

/** The latest statement of each record (module comment), records in order of first appearance. */
function resolve(parsed: Parsed[], typeOf: ReadonlyMap<string, string>): BodsPackage {
  const latest = new Map<string, Parsed>();
  for (const p of parsed) {
    const prev = latest.get(p.env.recordId);
    // Date.parse reads a date alone as midnight UTC, a date-time at its offset
    if (!prev || Date.parse(p.env.statementDate) >= Date.parse(prev.env.statementDate))
      latest.set(p.env.recordId, p);
  }
  const out: BodsPackage = { entities: [], persons: [], interests: [] };
  for (const p of latest.values()) {
    const { recordId, statementId } = p.env;
    if (p.kind === 'entity') {
      const d = p.details;
      out.entities.push({
        recordId,
        statementId,
        name: d.name ?? null,
        entityType: d.entityType.type,
        entitySubtype: d.entityType.subtype ?? null,
        isState: d.entityType.type === 'state' || d.entityType.type === 'stateBody',
        identifiers: (d.identifiers ?? []).map(identifierOf),
        jurisdiction: d.jurisdiction?.code ?? null,
        jurisdictionName: d.jurisdiction?.name ?? null,
        foundingDate: d.foundingDate ?? null,
        dissolutionDate: d.dissolutionDate ?? null,
        isComponent: d.isComponent,
      });
    } else if (p.kind === 'person') {
      const d = p.details;
      const first = d.names?.[0];
      const joined = [first?.givenName, first?.familyName].filter(Boolean).join(' ');
      // fullName is required by the schema; given and family names stand in for an empty one
      out.persons.push({
        recordId,
        statementId,
        name: first ? first.fullName || joined : null,
        personType: d.personType,
        identifiers: (d.identifiers ?? []).map(identifierOf),
        nationalities: (d.nationalities ?? []).map((n) => n.code ?? n.name),
        isComponent: d.isComponent,
      });
    } else {
      const d = p.details;
      const closedOn = p.env.recordStatus === 'closed' ? p.env.statementDate.slice(0, 10) : null;
      const party = typeof d.interestedParty === 'string' ? d.interestedParty : null;
      // the references were checked: a named party is an entity or a person of the package
      const kind = party === null ? null : (typeOf.get(party) as 'entity' | 'person');
      for (const i of d.interests ?? []) {
        const [shareMin, shareMinExclusive] = lowerBound(i.share);
        const [shareMax, shareMaxExclusive] = upperBound(i.share);
        out.interests.push({
          relationshipRecordId: recordId,
          statementId,
          subject: d.subject as string,
          interestedParty: party,
          interestedPartyKind: kind,
          interestedPartyUnspecified:
            typeof d.interestedParty === 'string'
              ? null
              : { reason: d.interestedParty.reason, description: d.interestedParty.description ?? null },
          type: i.type ?? null,
          details: i.details ?? null,
          direct: i.directOrIndirect ?? 'unknown',
          beneficialOwnershipOrControl: i.beneficialOwnershipOrControl ?? null,
          share: i.share?.exact === undefined ? null : i.share.exact / 100,
          shareMin,
          shareMax,
          shareMinExclusive,
          shareMaxExclusive,
          startDate: i.startDate ?? null,
          endDate: i.endDate ?? (closedOn && i.startDate && closedOn < i.startDate ? i.startDate : closedOn),
          isComponent: d.isComponent,
          componentRecords: [...(d.componentRecords ?? [])],
        });
      }
    }
  }
  return out;
}

const identifierOf = (x: { id?: string; scheme?: string; schemeName?: string }): BodsIdentifier => ({
  scheme: x.scheme ?? null,
  schemeName: x.schemeName ?? null,
  id: x.id ?? null,
});

// ---------------------------------------------------------------------------------------------
// Export

type Optional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/**
 * What `exportBodsPackage` writes: rows shaped as in BodsPackage, where ids, derived fields and
 * empty details may be left out. A missing recordId or statementId is generated from the content.
 */
export type BodsExportInput = {
  entities: readonly Optional<
    BodsEntity,
    | 'recordId'
    | 'statementId'
    | 'isState'
    | 'entitySubtype'
    | 'identifiers'
    | 'jurisdiction'
    | 'jurisdictionName'
    | 'foundingDate'
    | 'dissolutionDate'
    | 'isComponent'
  >[];
  persons: readonly Optional<
    BodsPerson,
    'recordId' | 'statementId' | 'identifiers' | 'nationalities' | 'isComponent'
  >[];
  interests: readonly Optional<
    BodsInterest,
    | 'relationshipRecordId'
    | 'statementId'
    | 'interestedPartyKind'
    | 'interestedPartyUnspecified'
    | 'details'
    | 'beneficialOwnershipOrControl'
    | 'shareMin'
    | 'shareMax'
    | 'shareMinExclusive'
    | 'shareMaxExclusive'
    | 'startDate'
    | 'endDate'
    | 'isComponent'
    | 'componentRecords'
  >[];
};

export type BodsExportOptions = {
  /** publicationDetails.publisher.name */
  publisher: string;
  /** YYYY-MM-DD or an RFC 3339 date-time; also the statementDate unless that is given. */
  publicationDate: string;
  statementDate?: string;
};

/**
 * Writes the model as BODS 0.4 statements (recordStatus "new"): entities, then persons, then
 * relationships, component relationships before the primary ones (as the standard asks). The
 * interests of one relationshipRecordId make one relationship statement; interests without one
 * are grouped by subject, interested party and components. declarationSubject is a relationship's
 * subject, an entity's or person's own recordId. Percent = fraction · 100 rounded to 15
 * significant digits (undoes the float noise of the product, 0.07·100 = 7.000000000000001, and
 * keeps every imported percent exact, so that import → export → import gives the same package).
 * The caller passes valid rows: check the result with parseBodsPackage before publishing it.
 */
export function exportBodsPackage(
  model: BodsExportInput,
  options: BodsExportOptions,
): Record<string, unknown>[] {
  const statementDate = options.statementDate ?? options.publicationDate;
  if (!isDateOrDateTime(options.publicationDate) || !isDateOrDateTime(statementDate))
    throw new RangeError(
      `BODS dates must be YYYY-MM-DD or RFC 3339: ${options.publicationDate}, ${statementDate}`,
    );
  const statement = (
    recordId: string,
    recordType: (typeof RECORD_TYPES)[number],
    declarationSubject: string,
    recordDetails: Record<string, unknown>,
    statementId: string | undefined,
  ) => {
    const body = {
      declarationSubject,
      statementDate,
      publicationDetails: {
        publicationDate: options.publicationDate,
        bodsVersion: '0.4',
        publisher: { name: options.publisher },
      },
      recordId,
      recordStatus: 'new',
      recordType,
      recordDetails,
    };
    return { statementId: statementId ?? `nazer-${hashHex(JSON.stringify(body), 4)}`, ...body };
  };

  const out: Record<string, unknown>[] = [];
  for (const e of model.entities) {
    const details = compact({
      isComponent: e.isComponent ?? false,
      entityType: compact({ type: e.entityType, subtype: e.entitySubtype }),
      name: e.name,
      jurisdiction:
        e.jurisdiction != null || e.jurisdictionName != null
          ? compact({ name: e.jurisdictionName ?? e.jurisdiction, code: e.jurisdiction })
          : null,
      identifiers: e.identifiers?.length ? e.identifiers.map(identifierOut) : null,
      foundingDate: e.foundingDate,
      dissolutionDate: e.dissolutionDate,
    });
    const recordId = e.recordId ?? `nazer-entity-${hashHex(JSON.stringify(details), 2)}`;
    out.push(statement(recordId, 'entity', recordId, details, e.statementId));
  }
  for (const p of model.persons) {
    const details = compact({
      isComponent: p.isComponent ?? false,
      personType: p.personType,
      names: p.name != null ? [{ fullName: p.name }] : null,
      identifiers: p.identifiers?.length ? p.identifiers.map(identifierOut) : null,
      nationalities: p.nationalities?.length
        ? p.nationalities.map((n) => (n.length === 2 ? { name: n, code: n } : { name: n }))
        : null,
    });
    const recordId = p.recordId ?? `nazer-person-${hashHex(JSON.stringify(details), 2)}`;
    out.push(statement(recordId, 'person', recordId, details, p.statementId));
  }

  const groups = new Map<string, BodsExportInput['interests'][number][]>();
  for (const i of model.interests) {
    const key =
      i.relationshipRecordId ??
      `nazer-rel-${hashHex(
        JSON.stringify([
          i.subject,
          i.interestedParty,
          // null for a known party (JSON writes an absent value in an array as null)
          i.interestedPartyUnspecified,
          i.isComponent ?? false,
          i.componentRecords ?? [],
        ]),
        2,
      )}`;
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  }
  const relationships = [...groups].map(([recordId, rows]) => {
    const r = rows[0]!;
    const party =
      r.interestedParty ??
      compact({
        reason: r.interestedPartyUnspecified?.reason ?? 'unknown',
        description: r.interestedPartyUnspecified?.description,
      });
    const details = compact({
      isComponent: r.isComponent ?? false,
      componentRecords: r.componentRecords?.length ? [...r.componentRecords] : null,
      subject: r.subject,
      interestedParty: party,
      interests: rows.map(interestOut),
    });
    return statement(recordId, 'relationship', r.subject, details, r.statementId);
  });
  const isComponent = (s: { recordDetails: Record<string, unknown> }) => s.recordDetails.isComponent === true;
  out.push(...relationships.filter(isComponent), ...relationships.filter((s) => !isComponent(s)));
  return out;
}

/** fraction → percent, 15 significant digits (see exportBodsPackage). */
const percentOf = (fraction: number) => Number((fraction * 100).toPrecision(15));

function interestOut(i: BodsExportInput['interests'][number]): Record<string, unknown> {
  const share = compact({
    exact: i.share == null ? null : percentOf(i.share),
    [i.shareMinExclusive ? 'exclusiveMinimum' : 'minimum']: i.shareMin == null ? null : percentOf(i.shareMin),
    [i.shareMaxExclusive ? 'exclusiveMaximum' : 'maximum']: i.shareMax == null ? null : percentOf(i.shareMax),
  });
  return compact({
    type: i.type,
    directOrIndirect: i.direct,
    beneficialOwnershipOrControl: i.beneficialOwnershipOrControl,
    details: i.details,
    share: Object.keys(share).length ? share : null,
    startDate: i.startDate,
    endDate: i.endDate,
  });
}

const identifierOut = (x: BodsIdentifier) =>
  compact({ id: x.id, scheme: x.scheme, schemeName: x.schemeName });

/** The object without its null and undefined values, keys in the order given. */
function compact(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== null && v !== undefined) out[k] = v;
  return out;
}

/**
 * A deterministic non-cryptographic hash of `text`, `lanes` × 32 bits as hex: FNV-1a per lane
 * with its own offset and odd multiplier, then the MurmurHash3 finaliser (fmix32) with the lanes
 * mixed into each other. Enough to name statements apart; a collision would show as a duplicate
 * statementId when the export is checked.
 */
function hashHex(text: string, lanes: number): string {
  const seeds = [0x811c9dc5, 0x9e3779b9, 0x85ebca6b, 0xc2b2ae35];
  const primes = [0x01000193, 0x5bd1e995, 0x27d4eb2f, 0x165667b1];
  const h = seeds.slice(0, lanes);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    for (let k = 0; k < lanes; k++) h[k] = Math.imul(h[k]! ^ c, primes[k]!);
  }
  const fmix = (x: number) => {
    x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
    return (x ^ (x >>> 16)) >>> 0;
  };
  const mixed = h.map((x, k) => fmix(x ^ Math.imul(h[(k + 1) % lanes]!, 0x9e3779b1) ^ text.length));
  return mixed.map((x) => x.toString(16).padStart(8, '0')).join('');
}

// ---------------------------------------------------------------------------------------------
// Holdings

/** A declared holding with its period (interest startDate and endDate, YYYY-MM-DD or null). */
export type BodsHolding = Holding & { validFrom: string | null; validTo: string | null };

/**
 * The ownership rows of a package: the interests of OWNERSHIP_INTEREST_TYPES (shareholding;
 * voting rights, board appointment and other control are not ownership) with a known holder,
 * as holdings holder → company (subject), share the exact fraction or null (a range alone is not
 * a figure). Split by directOrIndirect: `direct` rows are links of the ownership graph;
 * `declaredIndirect` rows keep their declared figure beside the computed one, never added to the
 * graph; `unknownDirectness` rows are neither (the statement does not say). A declared 0% holds
 * nothing and gives no row (the graph's shares are in (0, 1]).
 */
export function bodsHoldings(pkg: Pick<BodsPackage, 'interests'>): {
  direct: BodsHolding[];
  declaredIndirect: BodsHolding[];
  unknownDirectness: BodsHolding[];
} {
  const out = {
    direct: [] as BodsHolding[],
    declaredIndirect: [] as BodsHolding[],
    unknownDirectness: [] as BodsHolding[],
  };
  for (const i of pkg.interests) {
    if (!(OWNERSHIP_INTEREST_TYPES as readonly (string | null)[]).includes(i.type)) continue;
    if (i.interestedParty === null || i.share === 0) continue;
    const row = {
      holder: i.interestedParty,
      company: i.subject,
      share: i.share,
      validFrom: i.startDate,
      validTo: i.endDate,
    };
    (i.direct === 'direct'
      ? out.direct
      : i.direct === 'indirect'
        ? out.declaredIndirect
        : out.unknownDirectness
    ).push(row);
  }
  return out;
}
