import type { Holding } from './graph.ts';

/**
 * Ownership as of a date (issue 17, "As of a date"): holdings carry valid_from / valid_to, and
 * every figure and graph is computed from the holdings valid on the date asked (today by
 * default); two dates can be compared company by company.
 *
 * Validity: a holding is valid on day d when valid_from is empty or ≤ d, and valid_to is empty
 * or ≥ d. Both ends are inclusive: valid_to is the last day the holding was held (a transfer
 * recorded on day t ends the old holding on t − 1 and starts the new one on t), as the
 * shareholders screen has always counted it (valid_to ≥ today). Dates are ISO (YYYY-MM-DD)
 * Gregorian days, compared as strings, which orders them correctly.
 */

/** A holding with its validity (ISO dates, null: open). */
export type DatedHolding = Holding & { validFrom: string | null; validTo: string | null };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` (ISO) is a well-formed ISO day. */
export const isIsoDay = (day: string) => ISO_DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`));

/** Whether the holding is valid on `day` (ISO; module comment). */
export function isValidOn(h: Pick<DatedHolding, 'validFrom' | 'validTo'>, day: string): boolean {
  return (h.validFrom === null || h.validFrom <= day) && (h.validTo === null || h.validTo >= day);
}

/** Whether the holding has ended before `day`. */
export const hasEndedBy = (h: Pick<DatedHolding, 'validTo'>, day: string) => (h.validTo ?? day) < day;

/** The holdings valid on `day`, as the graph builder takes them. */
export function holdingsOn<T extends DatedHolding>(rows: readonly T[], day: string): T[] {
  return rows.filter((r) => isValidOn(r, day));
}

/** One company's figures on one date, as compareDates reads them. */
export type CompanyState = {
  /** the state's integrated share (fraction), null when not computable */
  share: number | null;
  /** 'state-owned' | 'state-affiliated' | 'private', or null when not computable */
  class: string | null;
  /** the ultimate controller's id, or a description of its absence ('none', 'tie') */
  controller: string;
};

export type CompanyChange = {
  company: string;
  before: CompanyState | null;
  after: CompanyState | null;
  /** after − before of the state's share; null when either is not computable or absent */
  shareChange: number | null;
  classChanged: boolean;
  controllerChanged: boolean;
};

/** A change of share smaller than this is rounding, not a change. */
export const SHARE_CHANGE_EPSILON = 1e-9;

/**
 * What changed between two dates, company by company: the companies whose state share, class or
 * controller differs (a company present on one date only counts as changed), largest change of
 * share first, then by id. A company absent on a date is private with no share there.
 */
export function compareDates(
  before: ReadonlyMap<string, CompanyState>,
  after: ReadonlyMap<string, CompanyState>,
): CompanyChange[] {
  const ids = new Set([...before.keys(), ...after.keys()]);
  const out: CompanyChange[] = [];
  for (const company of ids) {
    const b = before.get(company) ?? null;
    const a = after.get(company) ?? null;
    const shareB = b ? b.share : 0;
    const shareA = a ? a.share : 0;
    const shareChange = shareA === null || shareB === null ? null : shareA - shareB;
    const classChanged = (b?.class ?? 'private') !== (a?.class ?? 'private');
    const controllerChanged = (b?.controller ?? 'none') !== (a?.controller ?? 'none');
    const shareMoved =
      shareChange === null
        ? (shareA === null) !== (shareB === null)
        : Math.abs(shareChange) > SHARE_CHANGE_EPSILON;
    if (shareMoved || classChanged || controllerChanged)
      out.push({ company, before: b, after: a, shareChange, classChanged, controllerChanged });
  }
  return out.sort(
    (x, y) =>
      Math.abs(y.shareChange ?? Number.POSITIVE_INFINITY) -
        Math.abs(x.shareChange ?? Number.POSITIVE_INFINITY) || (x.company < y.company ? -1 : 1),
  );
}
