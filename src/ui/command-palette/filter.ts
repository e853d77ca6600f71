import { defaultFilter } from 'cmdk';
import { searchKey } from '~/domain/persian-text.ts';

/**
 * The palette's matching: both sides normalised with `searchKey` (ی/ي, ک/ك, Persian, Arabic
 * and ASCII digits, the zero-width non-joiner and spaces all count as the same), then scored
 * by cmdk's own command-score. 0 hides the entry; 1 is an exact match.
 */
export function paletteScore(value: string, search: string, keywords: readonly string[] = []): number {
  const q = searchKey(search);
  if (!q) return 1;
  return defaultFilter(searchKey(value), q, keywords.map(searchKey));
}

/** True when the normalised query appears as one run in the value or a keyword (not scattered letters). */
export function isContiguousMatch(value: string, search: string, keywords: readonly string[] = []): boolean {
  const q = searchKey(search);
  if (!q) return true;
  return [value, ...keywords].some((v) => searchKey(v).includes(q));
}
