import type { BoardEditDetail } from '~/contract/boards.ts';
import { jalaliOfIso } from '~/domain/jalali.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { type PersonPick, pickOf } from './api.ts';

/**
 * The board editor's values: pickers hold whole picks (name shown, id sent), dates the Jalali
 * text typed. `prepare` turns them into the body `boardInput` / `boardUpdate` reads.
 */

export interface SeatDraft {
  /** A client key for React and focus (seats have no identity before they are saved). */
  key: string;
  /** The stored seat's id (kept on update), or null for a new seat. */
  id: number | null;
  holder: PersonPick | null;
  representative: PersonPick | null;
  position: string;
  is_executive: boolean;
  is_independent: boolean;
  start_date: string;
  end_date: string;
}

export interface BoardDraft {
  company: PersonPick | null;
  term_start: string;
  term_end: string;
  approved_by_assembly: boolean;
  ceo: PersonPick | null;
  seats: SeatDraft[];
}

let nextKey = 0;
const newKey = () => `s${++nextKey}`;

export const blankSeat = (position = 'member'): SeatDraft => ({
  key: newKey(),
  id: null,
  holder: null,
  representative: null,
  position,
  is_executive: false,
  is_independent: false,
  start_date: '',
  end_date: '',
});

const jalali = (iso: string | null) => (iso ? toPersianDigits(jalaliOfIso(iso)) : '');

export const emptyDraft = (company: PersonPick | null = null): BoardDraft => ({
  company,
  term_start: '',
  term_end: '',
  approved_by_assembly: false,
  ceo: null,
  seats: [blankSeat('chairman')],
});

export function draftOf(b: BoardEditDetail): BoardDraft {
  return {
    company: pickOf('legal', b.company),
    term_start: jalali(b.term_start),
    term_end: jalali(b.term_end),
    approved_by_assembly: b.approved_by_assembly,
    ceo: b.ceo ? pickOf('true', b.ceo) : null,
    seats: b.seats.map((s) => ({
      key: newKey(),
      id: s.id,
      holder: pickOf(s.holder_type, s.holder),
      representative: s.representative ? pickOf('true', s.representative) : null,
      position: s.position,
      is_executive: s.is_executive,
      is_independent: s.is_independent,
      start_date: jalali(s.start_date),
      end_date: jalali(s.end_date),
    })),
  };
}

/** The request body (without `etag`). */
export function prepare(d: BoardDraft) {
  return {
    company_id: d.company?.pid ?? '',
    term_start: d.term_start,
    term_end: d.term_end,
    approved_by_assembly: d.approved_by_assembly,
    ceo_id: d.ceo?.pid ?? null,
    seats: d.seats.map((s) => ({
      id: s.id,
      holder_type: s.holder?.type ?? 'true',
      holder_id: s.holder?.pid ?? '',
      representative_id: s.holder?.type === 'legal' ? (s.representative?.pid ?? null) : null,
      position: s.position,
      is_executive: s.is_executive,
      is_independent: s.is_independent,
      start_date: s.start_date,
      end_date: s.end_date,
    })),
  };
}

/** The values as text, to tell whether the form changed (client keys left out). */
export const fingerprint = (d: BoardDraft) => JSON.stringify(prepare(d));
