import type { BulkType } from './bulk.ts';
import type { Row } from './generate.ts';

export type HolderType = 'legal' | 'true';

export interface Stake {
  companyId: number;
  holderType: HolderType;
  holderId: number;
  shares: bigint;
}

/**
 * A share register for generated data: it hands out each company's shares at most once, so the
 * holdings of every company sum to at most its share count (at most 100%). A holder granted twice
 * in the same company gets one merged stake.
 */
export class ShareLedger {
  private readonly total = new Map<number, bigint>();
  private readonly left = new Map<number, bigint>();
  private readonly stakes = new Map<string, Stake>();

  /** Registers a company and its share count. */
  addCompany(id: number, shareCount: bigint) {
    this.total.set(id, shareCount);
    this.left.set(id, shareCount);
  }

  has(companyId: number) {
    return this.total.has(companyId);
  }

  /** Fraction of the company not yet held (0..1). */
  freeFraction(companyId: number): number {
    const t = this.total.get(companyId);
    if (!t) return 0;
    return Number((this.left.get(companyId)! * 1_000_000n) / t) / 1_000_000;
  }

  /**
   * Gives `holder` a `fraction` (0..1) of the company's shares, capped by what is still free.
   * Returns the shares granted (0n when none; a company never holds itself).
   */
  grant(companyId: number, holderType: HolderType, holderId: number, fraction: number): bigint {
    const t = this.total.get(companyId);
    if (!t || (holderType === 'legal' && holderId === companyId) || fraction <= 0) return 0n;
    const want = (t * BigInt(Math.round(Math.min(fraction, 1) * 1_000_000))) / 1_000_000n;
    const left = this.left.get(companyId)!;
    const shares = want < left ? want : left;
    if (shares <= 0n) return 0n;
    this.left.set(companyId, left - shares);
    const key = `${companyId}:${holderType}:${holderId}`;
    const prev = this.stakes.get(key);
    if (prev) prev.shares += shares;
    else this.stakes.set(key, { companyId, holderType, holderId, shares });
    return shares;
  }

  /** The stakes in one company, largest first. */
  holdersOf(companyId: number): Stake[] {
    return [...this.stakes.values()]
      .filter((s) => s.companyId === companyId)
      .sort((a, b) => (b.shares > a.shares ? 1 : b.shares < a.shares ? -1 : 0));
  }

  /** Every stake, indexed by company (largest first), for repeated lookups. */
  byCompany(): Map<number, Stake[]> {
    const out = new Map<number, Stake[]>();
    for (const s of this.stakes.values()) {
      const list = out.get(s.companyId) ?? [];
      list.push(s);
      out.set(s.companyId, list);
    }
    for (const list of out.values())
      list.sort((a, b) => (b.shares > a.shares ? 1 : b.shares < a.shares ? -1 : 0));
    return out;
  }

  /** Fraction of a stake as a number (for decisions, not storage). */
  fractionOf(s: Stake): number {
    return Number((s.shares * 1_000_000n) / this.total.get(s.companyId)!) / 1_000_000;
  }

  /** Rows for `shareholdings`: percentage = share_count / company share_count, floored to 6 decimals. */
  rows(validFrom: (s: Stake) => string | null, firstId = 1): Row[] {
    let id = firstId - 1;
    return [...this.stakes.values()].map((s) => ({
      id: ++id,
      company_id: s.companyId,
      holder_type: s.holderType,
      holder_legal_id: s.holderType === 'legal' ? s.holderId : null,
      holder_true_id: s.holderType === 'true' ? s.holderId : null,
      share_count: s.shares.toString(),
      percentage: fraction6(s.shares, this.total.get(s.companyId)!),
      share_class: 'common',
      valid_from: validFrom(s),
    }));
  }
}

/** `part / whole` as a decimal string with 6 decimals, rounded down (so sums never pass 1). */
export function fraction6(part: bigint, whole: bigint): string {
  const n = (part * 1_000_000n) / whole;
  return `${n / 1_000_000n}.${(n % 1_000_000n).toString().padStart(6, '0')}`;
}

export const SHAREHOLDING_COLUMNS: Record<string, BulkType> = {
  id: 'int',
  company_id: 'int',
  holder_type: 'text',
  holder_legal_id: 'int',
  holder_true_id: 'int',
  share_count: 'numeric',
  percentage: 'numeric',
  share_class: 'text',
  valid_from: 'date',
};
