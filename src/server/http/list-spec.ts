import type { SQL } from 'drizzle-orm';
import type { FilterOp } from '../../contract/list.ts';

/** What a list declares to the list engine (list.ts): its SQL, sorts and filters. */

export type FieldType = 'text' | 'int' | 'numeric' | 'bool' | 'date' | 'timestamp';

export interface SortDef {
  expr: SQL;
  type: FieldType;
  /** The expression can be NULL. */
  nullable?: boolean;
  /**
   * Where NULLs go, to match the index that serves the sort: 'high' (PostgreSQL's default and a
   * plain btree index: last ascending, first descending) or 'low' (first ascending, last
   * descending: an index declared `DESC NULLS LAST`). Default 'high'.
   */
  nulls?: 'high' | 'low';
  /**
   * Direction of the id tie-breaker relative to the sort: 'same' (default) suits an index on
   * (expr, id); 'opposite' suits one on (expr DESC, id).
   */
  tie?: 'same' | 'opposite';
  /**
   * The expression reads a joined table (not in the spec's `countFrom`): a far block's ids are
   * then found over `from` (http/list.ts, the deferred join).
   */
  joined?: boolean;
}

export interface FilterDef {
  expr: SQL;
  type: FieldType;
  /**
   * A filter over a set related to the row (a record's labels): `eq` and `in` become
   * `anyOf(values)`, `values` being the coerced values as one SQL array of `type` (the row
   * matches when its set holds one of them); other operators are refused with a 422.
   */
  anyOf?: (values: SQL) => SQL;
  /** The operators this filter accepts (others: 422); default every operator its type supports. */
  ops?: readonly FilterOp[];
}

export interface ListSpec {
  /** SELECT list of one row, aliased to the API's field names. */
  select: SQL;
  /** FROM clause with its joins. */
  from: SQL;
  /**
   * FROM clause of the page-1 count, when it can be narrower than `from`: the base table alone,
   * provided `where`, `search` and every filter read only it (columns of joined tables through
   * scalar subqueries). PostgreSQL picks a table's scan before it drops unused LEFT JOINs, so a
   * count over `from` reads the whole heap where this one counts by an index-only scan.
   */
  countFrom?: SQL;
  /** A unique, non-null integer expression (the row id): the tie-breaker and the cursor's anchor. */
  id: SQL;
  /** The normalised search text column matched by `q` (see domain/persian-text searchKey). */
  search?: SQL;
  /** A condition every row of this list meets. */
  where?: SQL;
  sorts: Record<string, SortDef>;
  defaultSort: string;
  defaultDescending?: boolean;
  filters: Record<string, FilterDef>;
}
