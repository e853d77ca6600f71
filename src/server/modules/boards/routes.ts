import { listPageOf } from '../../../contract/api-envelope.ts';
import {
  boardEditDetail as boardEditDetailSchema,
  boardInput,
  boardRow,
  boardUpdate,
  savedBoard,
} from '../../../contract/boards.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import { idParams } from '../../../contract/persons.ts';
import { boardDetailFor } from '../../auth/visibility.ts';
import { notFound } from '../../http/errors.ts';
import { listPage } from '../../http/list.ts';
import { defineMutation } from '../../http/mutation.ts';
import { defineRoute } from '../../http/route.ts';
import { boardEditDetail } from './detail.ts';
import { boardsList } from './list.ts';
import { BOARD_NOT_FOUND, createBoard, guardedWrite, updateBoard } from './save.ts';

/**
 * Boards of directors (contract/boards.ts), all under permission `person.board`. Dates ISO out,
 * Jalali in (`1403/01/15`, Persian digits too); writes are one defineMutation each
 * (one transaction) with audit rows (entity `board` and `board_seat`, tagged with `company_id`).
 */
export const boardRoutes = [
  /**
   * GET /api/person/boards — `ListPage<BoardRow>`. sortBy term_start (default, descending) |
   * term_end | company_name | seat_count; filters company_id, is_current, approved_by_assembly
   * (bool), term_start, term_end (date ranges), company_name (text); `q` on the company's name,
   * ticker and national id. 422 (Persian) on an unknown sort or filter.
   */
  defineRoute({
    method: 'get',
    path: '/api/person/boards',
    permission: 'person.board',
    summary: 'Boards of directors: paged, sorted, filtered list',
    tags: ['boards'],
    query: listQuerySchema,
    response: listPageOf(boardRow),
    handler: ({ db, query }) => listPage(db, boardsList, query),
  }),
  /**
   * GET /api/person/boards/:id — `BoardEditDetail` with its `etag`; 404 «هیئت مدیره یافت نشد».
   * True persons' national codes only for a role holding `person.true.view` (else null).
   */
  defineRoute({
    method: 'get',
    path: '/api/person/boards/:id{[0-9]+}',
    permission: 'person.board',
    summary: 'One board with its company, CEO, seats and etag',
    tags: ['boards'],
    params: idParams,
    response: boardEditDetailSchema,
    async handler({ db, params, session }) {
      const detail = await boardEditDetail(db, params.id);
      if (!detail) throw notFound(BOARD_NOT_FOUND);
      return boardDetailFor(db, session, detail);
    },
  }),
  /**
   * POST /api/person/boards — `boardInput` → `SavedBoard` `{ id, etag }`. 422 per field: term_end
   * not after term_start; `seats.{i}.holder_id` naming nobody (or a deleted person, or the company
   * itself), `seats.{i}.representative_id` missing for a legal holder; a second chairman or vice
   * chairman (`seats.{i}.position`); one person on two seats; `company_id` / `ceo_id` naming nobody.
   */
  defineMutation({
    method: 'post',
    path: '/api/person/boards',
    permission: 'person.board',
    summary: 'Register a board with its seats',
    tags: ['boards'],
    body: boardInput,
    response: savedBoard,
    guard: guardedWrite,
    handler: ({ db, body }) => createBoard(db, body),
  }),
  /**
   * PUT /api/person/boards/:id — `boardUpdate` (the board, its seats, the `etag` from GET) →
   * `SavedBoard` with the new etag. Seats carrying the `id` of one of this board's seats are
   * updated, others added, missing ones removed. Errors as POST, plus 404 and 409
   * `{ stale: true }` «این هیئت مدیره پس از باز شدن آن … تغییر کرده است» (nothing written).
   */
  defineMutation({
    method: 'put',
    path: '/api/person/boards/:id{[0-9]+}',
    permission: 'person.board',
    summary: 'Edit a board and replace its seats (optimistic lock on etag)',
    tags: ['boards'],
    params: idParams,
    body: boardUpdate,
    response: savedBoard,
    guard: guardedWrite,
    handler: ({ db, params, body }) => {
      const { etag, ...values } = body;
      return updateBoard(db, params.id, values, etag);
    },
  }),
];
