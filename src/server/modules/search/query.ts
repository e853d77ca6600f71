import { sql } from 'drizzle-orm';
import type { SearchResult } from '../../../contract/persons.ts';
import { searchKey } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { escapeLike, queryRows } from '../../http/list.ts';

const LEGAL_COLS = sql.raw('id, name, kind, national_id, ticker, is_listed, search_text');
const TRUE_COLS = sql.raw('id, first_name, last_name, national_code, search_text');

/** How many rows each candidate source may contribute before ranking (keeps common words cheap). */
const PREFIX_CANDIDATES = 200;
const CONTAINS_CANDIDATES = 400;

/**
 * Searches legal and true persons for `q`: by name (normalised with searchKey, so ی/ي, ک/ك,
 * digits, spaces and ZWNJ do not matter; partial), legal national id, ticker, national code.
 * Candidates come from the pg_trgm GIN indexes on `search_text` (exact ticker word, prefix,
 * contains; each source capped) and the unique indexes on national_id / national_code; they are
 * ranked exact match first, then names starting with the text, then trigram similarity, then
 * shorter names. Up to `limit` of each kind. Soft-deleted records (deleted_at set) are never found.
 * `kinds` says which kinds the caller may see: a kind left out is neither searched nor answered.
 */
export async function searchPersons(
  db: Db,
  q: string,
  limit: number,
  kinds: { legal: boolean; true: boolean },
): Promise<SearchResult> {
  const key = searchKey(q);
  if (!key) return { legalPersons: [], truePersons: [] };
  const k = escapeLike(key);
  const prefix = `${k}%`;
  const contains = `%${k}%`;
  const tickerWord = `% ${k} %`;
  const digits = /^\d+$/.test(key) ? key : null;
  const [legalPersons, truePersons] = await Promise.all([
    !kinds.legal
      ? []
      : queryRows<SearchResult['legalPersons'][number]>(
          db,
          sql`WITH cand AS (
            SELECT ${LEGAL_COLS} FROM legal_persons WHERE deleted_at IS NULL AND national_id = ${digits}
            UNION (SELECT ${LEGAL_COLS} FROM legal_persons WHERE deleted_at IS NULL AND search_text LIKE ${tickerWord} LIMIT 50)
            UNION (SELECT ${LEGAL_COLS} FROM legal_persons WHERE deleted_at IS NULL AND search_text LIKE ${prefix} LIMIT ${PREFIX_CANDIDATES})
            UNION (SELECT ${LEGAL_COLS} FROM legal_persons WHERE deleted_at IS NULL AND search_text LIKE ${contains} LIMIT ${CONTAINS_CANDIDATES})
          )
          SELECT id, name, kind, national_id, ticker, is_listed FROM cand
          ORDER BY (national_id IS NOT DISTINCT FROM ${digits} OR search_text LIKE ${tickerWord}) DESC,
            (search_text LIKE ${prefix}) DESC,
            similarity(search_text, ${key}) DESC, length(name), id
          LIMIT ${limit}`,
        ),
    !kinds.true
      ? []
      : queryRows<SearchResult['truePersons'][number]>(
          db,
          sql`WITH cand AS (
            SELECT ${TRUE_COLS} FROM true_persons WHERE deleted_at IS NULL AND national_code = ${digits}
            UNION (SELECT ${TRUE_COLS} FROM true_persons WHERE deleted_at IS NULL AND search_text LIKE ${prefix} LIMIT ${PREFIX_CANDIDATES})
            UNION (SELECT ${TRUE_COLS} FROM true_persons WHERE deleted_at IS NULL AND search_text LIKE ${contains} LIMIT ${CONTAINS_CANDIDATES})
          )
          SELECT id, first_name, last_name, national_code FROM cand
          ORDER BY (national_code IS NOT DISTINCT FROM ${digits}) DESC,
            (search_text LIKE ${prefix}) DESC,
            similarity(search_text, ${key}) DESC, length(last_name), id
          LIMIT ${limit}`,
        ),
  ]);
  return { legalPersons, truePersons };
}
