import { parseDate } from '@internationalized/date';
import { MAX_ID } from '../../contract/ids.ts';
import { normalizePersian, toAsciiDigits } from '../../domain/persian-text.ts';
import type { FieldType } from './list-spec.ts';

/**
 * The values a list's filters and cursors compare with: each field type's PostgreSQL cast, and
 * the check a value must pass before it reaches SQL (a value PostgreSQL refuses would be a 500).
 */

/** The PostgreSQL type each field type is cast to. */
export const CAST: Record<FieldType, string> = {
  text: 'text',
  int: 'int',
  numeric: 'numeric',
  bool: 'boolean',
  date: 'date',
  timestamp: 'timestamptz',
};

/**
 * A calendar date PostgreSQL accepts: `YYYY-MM-DD` with a real day of its month (2024-02-30 is
 * refused, by @internationalized/date's parser) and a year from 1 (PostgreSQL has no year 0).
 */
function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || s.startsWith('0000')) return false;
  try {
    parseDate(s);
    return true;
  } catch {
    return false;
  }
}

/**
 * An ISO 8601 timestamp PostgreSQL accepts as `timestamptz`: a calendar date, optionally with
 * `THH:MM[:SS[.fff]]` and a zone (`Z`, `+03:30`). A bare number (`1`) or words are refused,
 * though `Date.parse` would take some of them.
 */
function isTimestamp(s: string): boolean {
  const m =
    /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/.exec(
      s,
    );
  if (!m || !isCalendarDate(m[1]!)) return false;
  return Number(m[2] ?? 0) < 24 && Number(m[3] ?? 0) < 60 && Number(m[4] ?? 0) < 60;
}

/**
 * `v` as a value of `type` PostgreSQL will accept, or undefined: what a filter value or a
 * cursor's sort value must be before it reaches SQL (a value PostgreSQL refuses would be a 500).
 * Text without NUL; int within `integer`; numeric of at most 30 digits; calendar dates.
 */
export function fieldValue(type: FieldType, v: unknown): string | number | boolean | undefined {
  if (typeof v === 'object' && v !== null) return undefined;
  const raw = String(v);
  if (raw.includes('\u0000')) return undefined;
  const s = toAsciiDigits(raw).trim();
  switch (type) {
    case 'text':
      return normalizePersian(raw);
    case 'int':
      if (!/^-?\d{1,10}$/.test(s) || Math.abs(Number(s)) > MAX_ID) return undefined;
      return Number(s);
    case 'numeric': {
      const n = s.replace(/[,،٬]/g, '');
      return /^-?\d{1,30}(\.\d{1,12})?$/.test(n) ? n : undefined;
    }
    case 'bool':
      if (['true', '1', 't'].includes(s)) return true;
      if (['false', '0', 'f'].includes(s)) return false;
      return undefined;
    case 'date':
      return isCalendarDate(s) ? s : undefined;
    case 'timestamp':
      return isTimestamp(s) ? s : undefined;
  }
}
