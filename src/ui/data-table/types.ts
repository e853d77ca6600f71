/**
 * The list workstation's vocabulary: what a screen declares (filters, column meta) and what the
 * server answers (a page of rows). The wire format follows ARCHITECTURE.md: `page`, `per_page`,
 * `sortBy`, `descending`, `q`, `advanceFilter` (JSON `[{ field, op, value }]`), `cursor`.
 */

import type { AdvanceFilter, FilterNode } from '~/contract/list.ts';

export type { FilterNode, FilterOp, ListPage } from '~/contract/list.ts';

/** One condition of `advanceFilter` (src/contract/list.ts). */
export type FilterCondition = AdvanceFilter;

/** The query a list sends to the server (besides the page position). */
export interface ListQuery {
  q?: string;
  sortBy?: string;
  descending?: boolean;
  advanceFilter?: FilterNode[];
  /** Filters sent as plain query parameters (`status=waiting`), for lists that take them so. */
  params?: Record<string, FilterValue>;
}

/** How a list's server reads its query. */
export interface ListQueryOptions {
  /** Server sort field per column id, where they differ. */
  sortFields?: Readonly<Record<string, string>>;
  /** Send filters as plain parameters instead of `advanceFilter` (the management and log lists). */
  plainFilters?: boolean;
  /** The parameter the search box fills, when the server has no `q` (e.g. `username`). */
  qParam?: string;
}

/** Where the next page starts: a page number, and the server's keyset cursor when it gave one. */
export interface PageParam {
  page: number;
  cursor?: string;
}

/** Everything one page request carries. */
export interface ListParams extends ListQuery {
  page: number;
  per_page: number;
  cursor?: string;
  /** Keyset backwards: the rows before the page whose `prev_cursor` this is. */
  before?: string;
  /** The position of the first row wanted (takes the place of `page`). */
  offset?: number;
  /** The count the list holds: the server does not count again. */
  total?: number;
}

export type FilterValue = string | number | boolean;

export interface EnumOption {
  value: string | number;
  /** Persian label shown in the select. */
  label: string;
}

interface FilterBase {
  /** The search-param name in the URL (`?status=active`); keep it short and stable. */
  key: string;
  /** The server field in `advanceFilter`; defaults to `key`. */
  field?: string;
  /** Persian label. */
  label: string;
  /**
   * Offered only in the filter builder (Shift+F), not as a control in the bar: fields compared
   * by range (amounts, dates) or seldom used.
   */
  builderOnly?: boolean;
}

/** A choice among values (a select). Options are fixed, or loaded once with `loadOptions`. */
export interface EnumFilter extends FilterBase {
  kind: 'enum';
  options?: readonly EnumOption[];
  /** Loads the options (e.g. industries) through TanStack Query under `optionsKey`. */
  loadOptions?: () => Promise<EnumOption[]>;
  optionsKey?: readonly unknown[];
}

/** Yes / no / either. */
export interface BooleanFilter extends FilterBase {
  kind: 'boolean';
  trueLabel?: string;
  falseLabel?: string;
}

/** Free text matched by the server (`contains` unless `op` says otherwise). */
export interface TextFilter extends FilterBase {
  kind: 'text';
  op?: 'contains' | 'eq';
}

/** A number (an amount in IRR, a count) compared with =, ≠, ≥, ≤; builder only. */
export interface NumberFilter extends FilterBase {
  kind: 'number';
  builderOnly: true;
}

/** A date typed in Jalali (۱۴۰۳/۰۱/۱۵) and sent as ISO; compared with =, ≥, ≤; builder only. */
export interface DateFilter extends FilterBase {
  kind: 'date';
  builderOnly: true;
}

export type FilterDef = EnumFilter | BooleanFilter | TextFilter | NumberFilter | DateFilter;

/**
 * The list state kept in the URL: free text `q`, `sort` (a column id, `-` first for descending,
 * e.g. `-registered_capital`), and one search param per declared filter.
 */
export type ListSearch = {
  q?: string;
  sort?: string;
  /** The filter builder's conditions and AND/OR groups: `FilterNode[]` as JSON text. */
  af?: string;
} & { [filterKey: string]: FilterValue | undefined };

/** Per-column display hints, declared in a column's `meta`. */
export interface DataColumnMeta {
  /** Numbers and amounts: aligned to the inline end, tabular digits. */
  numeric?: boolean;
  /** Share of the spare width this column takes (CSS grid `fr`); others keep their `size`. */
  grow?: number;
  /** Server field to sort by when it differs from the column id. */
  sortField?: string;
  /** The header's full text for screen readers and the tooltip when the visible header is short. */
  description?: string;
}

/** An action on the focused row, on one key; the `?` sheet lists it under the list's group. */
export interface RowAction<T> {
  /** Stable id (`users.approve`). */
  id: string;
  /** Persian verb phrase: "تأیید ثبت‌نام". */
  title: string;
  /** Physical key (`KeyA`, `Shift+KeyD`); must not be one of the list's own keys (J K X S / R, Shift+C). */
  key: string;
  /**
   * The permission ident the server's route for this action asks for: without it in the
   * current role the action, its key and its line in the `?` sheet are not offered.
   */
  permission?: string;
  /** False when it does not apply to this row (the key then does nothing). */
  isEnabled?(row: T): boolean;
  run(row: T): void;
}

/**
 * What a bulk action applies to: the chosen rows by id, or every row matching the list's query
 * (Ctrl/⌘+A: "all matching (N)"), which the server resolves itself (send the query, not ids).
 */
export type BulkSelection =
  | { kind: 'rows'; ids: string[] }
  | { kind: 'all'; query: ListQuery; total: number };

/** Cells chosen one by one (a list with `selectableCell`: the entry-state matrix's years). */
export interface CellSelection {
  kind: 'cells';
  cells: SelectedCell[];
}

/** A cell chosen with X: its row's id and its column's id. */
export interface SelectedCell {
  rowId: string;
  columnId: string;
  /** What the cell stands for, as the screen's `selectableCell` named it (a statement's id). */
  key: string;
}

/** What a finished bulk action offers: its result and, until `until`, a way back. */
export interface UndoOffer {
  /** Persian result sentence: "برچسب «…» روی ۳ ردیف گذاشته شد". */
  message: string;
  /** Epoch milliseconds after which undo is refused (the bar counts down to it). */
  until: number;
  /** Reverts the action; resolves to the Persian sentence saying so. Rejects when the server refuses. */
  undo(): Promise<string>;
}

/**
 * An action on the selected rows, a button in the bulk bar (and a key while rows are selected).
 * `run` may first ask (a picker, a confirmation) and resolves when done: to an UndoOffer (the list
 * then clears the selection, shows the undo bar and refreshes), or to null when cancelled.
 */
export interface BulkAction {
  /** Stable id (`persons.bulk.label`). */
  id: string;
  /** Persian verb phrase on the button: "برچسب زدن". */
  title: string;
  /** Physical key while rows are selected (`KeyL`, `Delete`); not one of the list's own keys. */
  key?: string;
  /**
   * The permission ident the server's route for this action asks for (a bulk route's
   * `permission`): without it in the current role there is no button, no key and no line in
   * the `?` sheet.
   */
  permission?: string;
  tone?: 'secondary' | 'danger';
  /**
   * With no row chosen, the key applies the action to the focused row (as `{ kind: 'rows', ids:
   * [its id] }`), with the same undo: a triage verb works on the focused issue or the selection.
   */
  focused?: boolean;
  run(selection: BulkSelection): Promise<UndoOffer | null>;
  /** The same action on cells chosen one by one; an action without it is not offered for cells. */
  runCells?(selection: CellSelection): Promise<UndoOffer | null>;
}
