import { type SQL, sql } from 'drizzle-orm';
import type { SearchResult } from '../../../contract/persons.ts';
import { normalizePersian, searchKey } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { escapeLike, queryRows } from '../../http/list.ts';

const LEGAL_COLS = sql.raw('id, name, kind, national_id, ticker, is_listed, search_text');
const TRUE_COLS = sql.raw('id, first_name, last_name, national_code, search_text');

/** How many rows each candidate source may contribute before ranking (keeps common words cheap). */
const PREFIX_CANDIDATES = 200;
const CONTAINS_CANDIDATES = 400;

/**
 * The candidate rows of one kind, as the CTE `cand`: the cheap sources (`cheap`, each a whole
 * SELECT of `cols`), and the trigram index's "contains" rows (at most CONTAINS_CANDIDATES) only
 * when the cheap ones found fewer than `limit` rows and none by its id (`idColumn` = `digits`).
 */
function candidates(
  table: SQL,
  cols: SQL,
  idColumn: SQL,
  digits: string | null,
  contains: string,
  limit: number,
  cheap: SQL[],
): SQL {
  return sql`WITH pre AS (${sql.join(
    cheap.map((q) => sql`(${q})`),
    sql` UNION `,
  )}), cand AS (
    SELECT * FROM pre
    UNION (SELECT ${cols} FROM ${table} WHERE deleted_at IS NULL AND search_text LIKE ${contains}
      AND (SELECT count(*) FROM pre) < ${limit} AND NOT EXISTS (SELECT 1 FROM pre WHERE ${idColumn} = ${digits})
      LIMIT ${CONTAINS_CANDIDATES})
  )`;
}

/**
 * Searches legal and true persons for `q`: by name (normalised with searchKey, so ی/ي, ک/ك,
 * digits, spaces and ZWNJ do not matter; partial), legal national id, ticker, national code.
 * Candidates come in two steps. First the cheap ones: the exact legal national id or national
 * code (unique indexes), an exact ticker word (trigram index, at most 50), names starting with the
 * text, and for true persons surnames starting with it (btree range scans, `text_pattern_ops`,
 * at most 200 each). Only when those are fewer than `limit` and no id matched exactly, names
 * containing the text anywhere (the pg_trgm GIN index, at most 400): that index must build a
 * bitmap of every row holding the text, which for a common surname is 5% of 3 million rows, and
 * any such row would rank below the ones already found. Ranked exact match first, then names (or
 * surnames) starting with the text, then trigram similarity, then shorter names. Up to `limit`
 * of each kind. Soft-deleted records (deleted_at set) are never found. `kinds` says which kinds
 * the caller may see: a kind left out is neither searched nor answered.
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
  // a surname as stored (normalised, its spaces and ZWNJ kept)
  const lastPrefix = `${escapeLike(normalizePersian(q))}%`;
  const digits = /^\d+$/.test(key) ? key : null;
  const [legalPersons, truePersons] = await Promise.all([
    !kinds.legal
      ? []
      : queryRows<SearchResult['legalPersons'][number]>(
          db,
          sql`${candidates(
            sql.raw('legal_persons'),
            LEGAL_COLS,
            sql.raw('national_id'),
            digits,
            contains,
            limit,
            [
              sql`SELECT ${LEGAL_COLS} FROM legal_persons WHERE deleted_at IS NULL AND national_id = ${digits}`,
              sql`SELECT ${LEGAL_COLS} FROM legal_persons WHERE ${digits}::text IS NULL AND deleted_at IS NULL AND search_text LIKE ${tickerWord} LIMIT 50`,
              sql`SELECT ${LEGAL_COLS} FROM legal_persons WHERE deleted_at IS NULL AND search_text LIKE ${prefix} LIMIT ${PREFIX_CANDIDATES}`,
            ],
          )}
          SELECT id, name, kind, national_id, ticker, is_listed,
            COALESCE((SELECT csc.state_class FROM company_state_class csc WHERE csc.company_id = cand.id), 'private') AS state_class
          FROM cand
          ORDER BY (national_id IS NOT DISTINCT FROM ${digits} OR search_text LIKE ${tickerWord}) DESC,
            (search_text LIKE ${prefix}) DESC,
            similarity(search_text, ${key}) DESC, length(name), id
          LIMIT ${limit}`,
        ),
    !kinds.true
      ? []
      : queryRows<SearchResult['truePersons'][number]>(
          db,
          sql`${candidates(
            sql.raw('true_persons'),
            TRUE_COLS,
            sql.raw('national_code'),
            digits,
            contains,
            limit,
            [
              sql`SELECT ${TRUE_COLS} FROM true_persons WHERE deleted_at IS NULL AND national_code = ${digits}`,
              sql`SELECT ${TRUE_COLS} FROM true_persons WHERE deleted_at IS NULL AND search_text LIKE ${prefix} LIMIT ${PREFIX_CANDIDATES}`,
              sql`SELECT ${TRUE_COLS} FROM true_persons WHERE deleted_at IS NULL AND last_name LIKE ${lastPrefix} LIMIT ${PREFIX_CANDIDATES}`,
            ],
          )}
          SELECT id, first_name, last_name, national_code FROM cand
          ORDER BY (national_code IS NOT DISTINCT FROM ${digits}) DESC,
            (search_text LIKE ${prefix} OR last_name LIKE ${lastPrefix}) DESC,
            similarity(search_text, ${key}) DESC, length(last_name), id
          LIMIT ${limit}`,
        ),
  ]);
  return { legalPersons, truePersons };
}
