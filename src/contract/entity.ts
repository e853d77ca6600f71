import { z } from 'zod';
import type { LabelObjectType } from './label-codes.ts';
import type { FilterOp } from './list.ts';

/**
 * An entity described once. From one `defineEntity` come, on the server, the list endpoint's
 * columns, filters and sorts (server/http/entity-list.ts), the row and input schemas the routes
 * validate with and document in OpenAPI, and the audit type of its mutations; on the client the
 * list's columns and filter builder (ui/entity/columns.tsx), the form (ui/entity/entity-form.tsx,
 * with the body's schema from contract/entity-input.ts, kept apart so a route file stays small)
 * and the view's terms. What is truly an entity's own stays beside its description as code;
 * differences between two entities are data here, never `if (kind === …)`.
 *
 * A field's name is its name everywhere: the API field, the URL's filter key, the filter
 * builder's field and the SQL alias (`province_id` is `province_id` in all four).
 */

/**
 * What a field holds, and so how it is validated, compared, sorted and shown:
 * text; int (a whole number); amount (IRR, a decimal string: capital exceeds 2^53); bool;
 * date (ISO `YYYY-MM-DD`, typed and shown in Jalali); timestamp (ISO 8601 UTC); enum (one of
 * `options`, stored in English, shown by `optionLabels`); ref (the id of another record, chosen
 * from `optionsFrom`).
 */
export type EntityFieldType = 'text' | 'int' | 'amount' | 'bool' | 'date' | 'timestamp' | 'enum' | 'ref';

/**
 * Where option lists come from (the client maps each to a cached call: lib/options.ts); the
 * labels of one entity type (`labels:legal_person`) are those the management area defines.
 */
export type OptionSource =
  | 'provinces'
  | 'industries'
  | 'supervising_bodies'
  | 'statement_items'
  | 'issue_types'
  | 'assignees'
  | `labels:${LabelObjectType}`;

export interface EntityField {
  type: EntityFieldType;
  /** Persian label: column header, filter, form field and view term. */
  label: string;
  /** The value can be null. */
  nullable?: boolean;
  /**
   * enum: the stored codes, and their Persian labels. A text field may have them too: it stays
   * text as stored (older rows may hold other words), and its filter and form offer these.
   */
  options?: readonly string[];
  optionLabels?: Readonly<Record<string, string>>;
  /** ref (and enum with many values): where the choices come from. */
  optionsFrom?: OptionSource;
  /** ref: chosen in a search picker (a city with its province, a legal person), not a select. */
  picker?: 'city' | 'legal_person';
  /** ref: the row's field that holds the picked record's name (`company` for `legal_person_id`). */
  shownAs?: string;
  /** Unique among the rows (a national id): a duplicate's 422 links to the row that has it. */
  unique?: boolean;
  /** text: at most this many characters (the form's and the server's check). */
  max?: number;
  /** enum: the value is a list of the options (any number of them; checkboxes in the form). */
  many?: boolean;
  /**
   * The list shows it as a column (`width` in px; `grow` takes the spare width). `header`: a
   * shorter header than the label («تولید» for «مقدار تولید»); `order`: its place among the
   * columns when it differs from the description's order (which is the form's); `title`: the
   * whole text on hover (long text cut by the column); `day`: a timestamp shown as its Jalali
   * day; `description`: the header's explanation. (Text shown as stored, its Latin digits kept,
   * is `format: 'verbatim'`.)
   */
  column?: {
    width: number;
    grow?: boolean;
    header?: string;
    order?: number;
    title?: boolean;
    day?: boolean;
    description?: string;
  };
  /**
   * How a cell and a view term show the value when its type's way does not fit: `plain` digits
   * without grouping (a year), `quantity` a decimal in the row's own unit (not rials), `percent` a
   * fraction as ٪, `month` a Jalali month's name (1 = فروردین), `verbatim` text as typed (a
   * product's or a company's name, whose Latin digits stay Latin).
   */
  format?: 'plain' | 'quantity' | 'percent' | 'month' | 'verbatim';
  /**
   * The field's body schema when its type's default does not fit (a Jalali year, a quantity with
   * two decimals, a date typed in Jalali): inputSchema takes it as it is, messages and all.
   */
  input?: z.ZodType;
  /**
   * Not a field of the row: the answer and the list's select skip it, yet it may be filtered on (a
   * derived value, such as the publish day in Tehran) or typed in the form (read by the server
   * into another field).
   */
  notInRow?: boolean;
  /** The list sorts by it (the server's `sortBy`). */
  sort?: boolean;
  /** The operators a list filter on it accepts (the filter bar and builder offer them). */
  filter?: readonly FilterOp[];
  /**
   * The filter's name when it is not the field's: `api` in the list query (`object_type` for the
   * field `object_types`), `url` in the screen's address (`type`), `label` in the filter bar.
   * Kept for URLs already shared.
   */
  filterAs?: {
    api?: string;
    url?: string;
    label?: string;
    /** A yes/no filter's two choices (default بله / خیر). */
    yes?: string;
    no?: string;
    /** Its place among the filters when it differs from the description's order. */
    order?: number;
  };
  /** Offered only in the filter builder (ranges of numbers and dates), not in the filter bar. */
  builderOnly?: boolean;
  /** The API filters on it but the screens offer no control (an id picked on another screen). */
  apiOnly?: boolean;
  /**
   * A column of the list's Excel/CSV export and of its import template, in the description's
   * order: `width` in characters, `header` when it is not the label (kept for sheets already
   * filled in). A ref is written and read by name (its key drops `_id`): `ref` names the rows the
   * import looks it up in, `province` the column that tells apart cities of the same name. A
   * field without `form` is exported only.
   */
  sheet?: { width: number; header?: string; ref?: 'city' | 'industry' | 'legal_person'; province?: string };
  /** The form edits it, in this section (a field without `form` is read-only); see EntityFormField. */
  form?: EntityFormField;
  /** The view shows it, in this section. */
  view?: { section: string };
}

/** How the form edits a field (every property but `section` optional). */
export interface EntityFormField {
  section: string;
  required?: boolean;
  wide?: boolean;
  /** The control's label when it is not the field's (a checkbox's sentence, a unit). */
  label?: string;
  /** A line under the control (limits, what the value does). */
  hint?: string;
  /** Position in the form when it is not the list's: fields with it come first, ascending. */
  order?: number;
  /** A new row's value (the API's form: bool, option codes, an int); default empty. */
  initial?: unknown;
  /** text: a textarea of this many rows. */
  rows?: number;
  /** text: a colour `#rrggbb` typed or picked from these swatches, with a chip as preview. */
  swatches?: readonly string[];
  /** enum: the select's text for no choice yet. */
  placeholder?: string;
  /** int: typed in a larger unit, this many of the value's (bytes typed as megabytes: 1048576). */
  scale?: number;
  /** Typed left to right (codes, times, addresses on the web). */
  ltr?: boolean;
  /** The on-screen keyboard to offer. */
  inputMode?: 'numeric' | 'url' | 'tel' | 'email';
  /** The browser's autofill hint (`tel`, `given-name` …). */
  autoComplete?: string;
  /** Shown in Persian digits: every character (`all`: codes, numbers), or the digits among words (`text`: an address). */
  digits?: 'all' | 'text';
  /** Several lines of text (a textarea of the form's default height; `rows` sets it). */
  multiline?: boolean;
}

/** How a code or a number is typed (a national id, a postal code): left to right, on the numeric keyboard, shown in Persian digits. */
export const CODE_INPUT = {
  ltr: true,
  inputMode: 'numeric',
  digits: 'all',
} as const satisfies Partial<EntityFormField>;

export interface EntityDescription<F extends Record<string, EntityField> = Record<string, EntityField>> {
  /** Stable code: the audit type of its rows (`city`) and the palette's group id. */
  name: string;
  /** Persian nouns: one (`شهر`) and many (`شهرها`). */
  title: string;
  plural: string;
  fields: F;
  /** The unique integer id field of a row. */
  id: keyof F & string;
  /** The field a row is called by in messages and the palette. */
  display: keyof F & string;
  /** Permission idents (auth/permissions): who lists, views, creates, updates, deletes. */
  permissions: { list: string; view?: string; create?: string; update?: string; delete?: string };
  /** The list's default order. */
  defaultSort: keyof F & string;
  defaultDescending?: boolean;
  /** The list's `q` matches this (a Persian search box), when set: its placeholder. */
  search?: string;
  /** Literal API paths (a text search for the path finds its declaration). */
  paths: { list: string; item?: string };
  /** A sub-record of a legal or a true person, when set (see `OwnedBy`; contract/owners.ts `ownedBy`). */
  owner?: OwnedBy;
  /**
   * The list answers every row as an array, not a page (a short managed list): the screen matches
   * `q` in the browser against these fields, and sorts nothing.
   */
  wholeList?: { search: readonly (keyof F & string)[] };
  /** A bool field saying the row is in use: A flips it, the row offers it as a button. */
  active?: keyof F & string;
  /** An int field the rows are ordered by: a new row starts 10 after the largest. */
  order?: keyof F & string;
  /** Dialog titles and the saved toast name the row (`ویرایش شهر «تهران»`); default true. */
  nameInTitles?: boolean;
  /** The screen's list: its grid label (default `فهرست …plural`) and its DataTable id and command prefix (default `name`). */
  list?: { label?: string; id?: string };
  /** The client's cache key of its rows, when other screens read them too (default `[name]`). */
  cacheKey?: readonly string[];
  /** Palette words for its "new" command (default: new/create/تازه/جدید). */
  keywords?: string[];
  /** The list screen's line under its title, and what it says when there are no rows. */
  intro?: string;
  emptyText?: string;
}

/**
 * Where a sub-record (a contact, a document, a branch) lives: the owner kinds it attaches to
 * (`legal`, `true`: contract/owners.ts) and its place under the owner's path:
 * `/api/person/legal-persons/:id{[0-9]+}/<segment>` lists it, `…/<segment>/:<param>{[0-9]+}` is
 * one row (the server's module writes each path again as a literal, where a search finds it).
 * Its `permissions` and `paths` are then those under its first owner kind; the owner's view
 * permission reads it and the owner's edit permission changes it.
 */
export interface OwnedBy {
  kinds: readonly ('legal' | 'true')[];
  /** The path segment after the owner's (`contacts`). */
  segment: string;
  /** The row's id parameter (`contactId`). */
  param: string;
}

/** Declares an entity (keeps the field names as literal types). */
export function defineEntity<const F extends Record<string, EntityField>>(
  entity: EntityDescription<F>,
): EntityDescription<F> {
  return entity;
}

/**
 * An enum field's type and its options: the stored codes and their Persian labels; `many`: any
 * number of them (a list of codes).
 */
export function optionsOf<const O extends readonly string[], M extends boolean = false>(
  options: O,
  optionLabels: Readonly<Record<O[number], string>>,
  many?: M,
) {
  const field = { type: 'enum' as const, options, optionLabels };
  return (many ? { ...field, many: true } : field) as typeof field &
    (M extends true ? { many: true } : unknown);
}

/** A field's value as the API answers it. */
export function valueSchema(f: EntityField): z.ZodType {
  let s: z.ZodType;
  if (f.many) return z.array(z.enum(f.options as [string, ...string[]])).meta({ description: f.label });
  switch (f.type) {
    case 'int':
    case 'ref':
      s = z.number().int();
      break;
    case 'bool':
      s = z.boolean();
      break;
    case 'enum':
      s = z.enum(f.options as [string, ...string[]]);
      break;
    case 'amount':
      s = z.string().regex(/^-?\d+(\.\d+)?$/);
      break;
    case 'date':
      s = z.iso.date();
      break;
    case 'timestamp':
      s = z.string();
      break;
    default:
      s = z.string();
  }
  return (f.nullable ? s.nullable() : s).meta({ description: f.label });
}

/** The TypeScript type of one value of a field: a number, a bool, one of an enum's options, or text. */
type ScalarValue<T extends EntityField> = T['type'] extends 'int' | 'ref'
  ? number
  : T['type'] extends 'bool'
    ? boolean
    : T['type'] extends 'enum'
      ? T['options'] extends readonly (infer O)[]
        ? O
        : string
      : string;

/** The TypeScript type of a field's value as the API answers it (a list when `many`; null only when `nullable`). */
export type FieldValue<T extends EntityField> =
  | (T['many'] extends true ? ScalarValue<T>[] : ScalarValue<T>)
  | (T['nullable'] extends true ? null : never);

/** One row of an entity as the API answers it: every field but those `notInRow`. */
export type EntityRow<F extends Record<string, EntityField>> = {
  [K in keyof F as F[K]['notInRow'] extends true ? never : K]: FieldValue<F[K]>;
};

type Shape<F extends Record<string, EntityField>> = { [K in keyof EntityRow<F>]: z.ZodType<EntityRow<F>[K]> };

/** The schema of one row as the list and the item answer it: every field but those `notInRow`. */
export function rowSchema<F extends Record<string, EntityField>>(e: EntityDescription<F>) {
  const shape = Object.fromEntries(
    Object.entries(e.fields)
      .filter(([, f]) => !f.notInRow)
      .map(([k, f]) => [k, valueSchema(f)]),
  ) as unknown as Shape<F>;
  return z.object(shape).meta({ title: e.name, description: e.title });
}
