import { z } from 'zod';
import { positiveId } from './ids.ts';
import { STATE_CLASSES } from './ownership.ts';
import { truePersonRow } from './true-person.ts';

/**
 * The persons and search calls, shared by server and client. Field names are the API's
 * (snake_case). Units: amounts in IRR as decimal strings (`registered_capital`, `share_count`);
 * `percentage` a fraction 0..1 as a string with 6 decimals ("0.512300"); dates ISO `YYYY-MM-DD`;
 * timestamps ISO 8601 UTC. Codes stored in English are shown in Persian by the client:
 * `kind` company | holding | ministry | fund | institution; `status` active | dissolving |
 * dissolved | divested | merged; `position` chairman | vice_chairman | member | alternate;
 * `gender` male | female. `ownership_type` and `legal_form` are stored in Persian.
 */

/** Path parameters `:id` of the detail calls. */
export const idParams = z.object({ id: positiveId });

export const BOARD_POSITIONS = ['chairman', 'vice_chairman', 'member', 'alternate'] as const;

/** Persian labels of the board positions. */
export const BOARD_POSITION_LABELS: Record<string, string> = {
  chairman: 'رئیس هیئت مدیره',
  vice_chairman: 'نایب رئیس',
  member: 'عضو',
  alternate: 'عضو علی‌البدل',
};

const ref = z.object({ id: z.number(), name: z.string() });
export type Ref = z.infer<typeof ref>;

/** A direct shareholder of a company. `holder_type` legal | true. */
export const shareholderItem = z.object({
  id: z.number(),
  holder_type: z.enum(['legal', 'true']),
  holder_id: z.number(),
  holder_name: z.string(),
  holder_national_id: z.string().nullable(),
  /** null when the holding was declared without a figure (an imported interest) */
  share_count: z.string().nullable(),
  /** fraction 0..1, 6 decimals; null when declared without a figure */
  percentage: z.string().nullable(),
  share_class: z.string(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
});
export type ShareholderItem = z.infer<typeof shareholderItem>;

/** A stake the person holds in a company. */
export const holdingItem = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  company_ticker: z.string().nullable(),
  share_count: z.string().nullable(),
  percentage: z.string().nullable(),
});
export type HoldingItem = z.infer<typeof holdingItem>;

/** A seat of a board. For a legal holder, `representative` is the true person who sits for it. */
export const boardSeatItem = z.object({
  id: z.number(),
  position: z.string(),
  holder_type: z.enum(['legal', 'true']),
  holder_id: z.number(),
  holder_name: z.string(),
  representative: ref.nullable(),
  is_executive: z.boolean(),
  is_independent: z.boolean(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});
export type BoardSeatItem = z.infer<typeof boardSeatItem>;

/** A board term with its seats (chairman first) and the CEO. */
export const boardDetail = z.object({
  id: z.number(),
  term_start: z.string().nullable(),
  term_end: z.string().nullable(),
  approved_by_assembly: z.boolean(),
  ceo: z.object({ id: z.number(), name: z.string(), national_code: z.string().nullable() }).nullable(),
  seats: z.array(boardSeatItem),
});
export type BoardDetail = z.infer<typeof boardDetail>;

export const branchItem = z.object({
  id: z.number(),
  name: z.string(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  manager: z.string().nullable(),
});
export type BranchItem = z.infer<typeof branchItem>;

/** kind: phone | mobile | email | fax | address | website. */
export const contactItem = z.object({
  id: z.number(),
  kind: z.string(),
  value: z.string(),
  is_primary: z.boolean(),
});
export type ContactItem = z.infer<typeof contactItem>;

/**
 * GET /api/person/legal-persons/:id (person.legal.view): every field of the legal person with
 * its industry, registration city and province, supervising body; branches, contacts, direct
 * shareholders (largest first), holdings (companies it owns), and the current board (the
 * latest term) or null; `version` for the edit form (contract/person-forms.ts). 404 when there is
 * no such legal person.
 */
export const legalPersonDetail = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.string(),
  national_id: z.string().nullable(),
  registration_number: z.string().nullable(),
  registration_date: z.string().nullable(),
  registration_city: ref.nullable(),
  province: ref.nullable(),
  legal_form: z.string().nullable(),
  economic_code: z.string().nullable(),
  ownership_type: z.string().nullable(),
  registered_capital: z.string().nullable(),
  share_count: z.string().nullable(),
  nominal_share_value: z.string().nullable(),
  industry: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
  supervising_body: ref.nullable(),
  is_listed: z.boolean(),
  /** the state's class of the company as of today (contract/ownership.ts STATE_CLASSES) and its integrated share (fraction) */
  state_class: z.enum(STATE_CLASSES),
  state_share: z.number().nullable(),
  ticker: z.string().nullable(),
  isin: z.string().nullable(),
  market: z.string().nullable(),
  tsetmc_inscode: z.string().nullable(),
  fiscal_year_end: z.string().nullable(),
  auditor: z.string().nullable(),
  status: z.string(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  employees: z.number().nullable(),
  is_demo: z.boolean(),
  /** Optimistic lock: bumped by every change; PUT …/{id} sends back the version the form opened. */
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  branches: z.array(branchItem),
  contacts: z.array(contactItem),
  shareholders: z.array(shareholderItem),
  holdings: z.array(holdingItem),
  board: boardDetail.nullable(),
});
export type LegalPersonDetail = z.infer<typeof legalPersonDetail>;

/** A board seat a person holds, directly (`role` holder) or for a legal person (`role` representative). */
export const personSeatItem = z.object({
  id: z.number(),
  board_id: z.number(),
  company: ref,
  role: z.enum(['holder', 'representative']),
  on_behalf_of: ref.nullable(),
  position: z.string(),
  is_executive: z.boolean(),
  is_independent: z.boolean(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  term_start: z.string().nullable(),
  term_end: z.string().nullable(),
});
export type PersonSeatItem = z.infer<typeof personSeatItem>;

/**
 * GET /api/person/true-persons/:id (person.true.view): every field, birth city and province,
 * contacts, board seats across companies (newest term first), the boards where the person is
 * CEO, and shareholdings; `version` for the edit form. 404 when there is no such person.
 */
export const truePersonDetail = z.object({
  ...truePersonRow.omit({ birth_city: true }).shape,
  birth_certificate_number: z.string().nullable(),
  birth_city: ref.nullable(),
  province: ref.nullable(),
  email: z.string().nullable(),
  /** Optimistic lock, as on the legal person detail. */
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  contacts: z.array(contactItem),
  board_seats: z.array(personSeatItem),
  ceo_of: z.array(
    z.object({
      board_id: z.number(),
      company: ref,
      term_start: z.string().nullable(),
      term_end: z.string().nullable(),
    }),
  ),
  shareholdings: z.array(holdingItem),
});
export type TruePersonDetail = z.infer<typeof truePersonDetail>;

/** GET /api/person/all-legal-persons (person.legal.list): a `ListPage` of picker rows; `q` as above. */
export const legalPickerRow = z.object({
  id: z.number(),
  name: z.string(),
  national_id: z.string().nullable(),
});
export type LegalPickerRow = z.infer<typeof legalPickerRow>;

/**
 * GET /api/person/all-persons (person.legal.list): a `ListPage` of both kinds; `type` legal | true,
 * `national_id` is the legal national id or the national code; `key` is unique across both kinds.
 * Filter `type` (eq/in).
 */
export const personPickerRow = z.object({
  key: z.number(),
  type: z.enum(['legal', 'true']),
  id: z.number(),
  name: z.string(),
  national_id: z.string().nullable(),
});
export type PersonPickerRow = z.infer<typeof personPickerRow>;

/** GET /api/search?q=&limit= (any signed-in user with a role). `limit` 1..50, default 8 per kind. */
export const searchQuery = z.looseObject({
  q: z.string().max(200, 'عبارت جستجو حداکثر ۲۰۰ نویسه است').default(''),
  limit: z.coerce.number().int().min(1, 'حداقل ۱').max(50, 'حداکثر ۵۰').default(8),
});

/**
 * The answer of /api/search: companies and people matching by name (normalised, partial),
 * legal national id, ticker or national code; exact matches first, then names starting with
 * the text, then the closest (trigram similarity).
 */
export const searchResult = z.object({
  legalPersons: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      kind: z.string(),
      national_id: z.string().nullable(),
      ticker: z.string().nullable(),
      is_listed: z.boolean(),
      /** the state's class as of today (contract/ownership.ts) */
      state_class: z.enum(STATE_CLASSES),
    }),
  ),
  truePersons: z.array(
    z.object({
      id: z.number(),
      first_name: z.string(),
      last_name: z.string(),
      national_code: z.string().nullable(),
    }),
  ),
});
export type SearchResult = z.infer<typeof searchResult>;
