import type { BoardEditDetail, PersonRef } from '../../contract/boards.ts';
import type { LegalPersonDetail, ShareholderItem } from '../../contract/persons.ts';
import type { Db } from '../db/client.ts';
import type { SessionInfo } from '../http/route.ts';
import { roleHolds } from './permissions.ts';

/**
 * A true person's national code is personal data: an answer about a company (its shareholders,
 * its CEO) carries it only to a role that may view true persons (`person.true.view`); for
 * another role it is null. Legal persons' national ids stay (they are in the public register).
 */
export const TRUE_CODES_PERMISSION = 'person.true.view';

/** `rows` with the national codes of true-person holders set to null. */
export const withoutTrueHolderCodes = <T extends Pick<ShareholderItem, 'holder_type' | 'holder_national_id'>>(
  rows: T[],
): T[] => rows.map((r) => (r.holder_type === 'true' ? { ...r, holder_national_id: null } : r));

/** The company view as the session may see it: true persons' national codes only with TRUE_CODES_PERMISSION. */
export async function legalDetailFor(
  db: Db,
  session: SessionInfo | null,
  detail: LegalPersonDetail,
): Promise<LegalPersonDetail> {
  if (await roleHolds(db, session, TRUE_CODES_PERMISSION)) return detail;
  return {
    ...detail,
    shareholders: withoutTrueHolderCodes(detail.shareholders),
    board: detail.board?.ceo
      ? { ...detail.board, ceo: { ...detail.board.ceo, national_code: null } }
      : detail.board,
  };
}

/**
 * A board as the session may see it: the national codes of its true persons (the CEO, true
 * holders of seats, the representatives of legal holders) only with TRUE_CODES_PERMISSION; the
 * company's and legal holders' national ids stay.
 */
export async function boardDetailFor(
  db: Db,
  session: SessionInfo | null,
  detail: BoardEditDetail,
): Promise<BoardEditDetail> {
  if (await roleHolds(db, session, TRUE_CODES_PERMISSION)) return detail;
  const blind = (p: PersonRef): PersonRef => ({ ...p, national_id: null });
  return {
    ...detail,
    ceo: detail.ceo && blind(detail.ceo),
    seats: detail.seats.map((s) => ({
      ...s,
      holder: s.holder_type === 'true' ? blind(s.holder) : s.holder,
      representative: s.representative && blind(s.representative),
    })),
  };
}
