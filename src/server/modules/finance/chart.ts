import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { deletedAnswer, positiveId } from '../../../contract/ids.ts';
import {
  type StatementItemRow,
  statementItemEntity,
  statementItemInput,
  statementItemRow,
} from '../../../contract/statement-items.ts';
import { STATEMENT_KIND_LABELS_FA, type StatementKind } from '../../../domain/finance/chart.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { entityWriteRoutes } from '../../http/entity-writes.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { defineRoute } from '../../http/route.ts';

/**
 * The chart of line items (contract/statement-items.ts) as staff manage it: read whole by whoever
 * sees statements (the management screen, the parent picker), created, changed and deleted with
 * `performance.manage`. Each change is one transaction with one audit row (entity
 * `statement_item`, before/after under the API's names). The statements' checks, entry form and
 * template read the chart on every use (store.ts `readChart`), so a new item is offered at once.
 */

type Body = z.output<typeof statementItemInput>;

const NOT_FOUND = 'قلم صورت مالی یافت نشد';
const itemParams = z.object({ id: positiveId });

const COLUMNS = sql.raw(`si.id, si.position, si.code, si.name_fa, si.statement_kind,
  p.id AS parent_id, p.name_fa AS parent, si.sign::text AS sign, si.unit, si.is_total, si.active, si.builtin`);
const FROM = sql.raw('statement_items si LEFT JOIN statement_items p ON p.code = si.parent_code');

/** Every item of the chart in layout order, inactive ones included. */
export const listStatementItems = (db: Db) =>
  queryRows<StatementItemRow>(db, sql`SELECT ${COLUMNS} FROM ${FROM} ORDER BY si.position, si.code`);

async function readItem(db: Db, id: number): Promise<StatementItemRow> {
  const [row] = await queryRows<StatementItemRow>(
    db,
    sql`SELECT ${COLUMNS} FROM ${FROM} WHERE si.id = ${id}`,
  );
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

interface Stored {
  id: number;
  code: string;
  statement_kind: StatementKind;
  parent_code: string | null;
  builtin: boolean;
}

/** The item `id` locked for the change; 404 «قلم صورت مالی یافت نشد». */
async function lockItem(db: Db, id: number): Promise<Stored> {
  const [row] = await queryRows<Stored>(
    db,
    sql`SELECT id, code, statement_kind, parent_code, builtin FROM statement_items WHERE id = ${id} FOR UPDATE`,
  );
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/**
 * The parent's code for `body.parent_id`: it must exist, be of the same statement, and not be the
 * item itself or under it (a cycle); 422 on `parent_id` otherwise.
 */
async function parentCode(db: Db, body: Body, self: Stored | null): Promise<string | null> {
  if (body.parent_id === null) return null;
  const [parent] = await queryRows<{ code: string; statement_kind: string }>(
    db,
    sql`SELECT code, statement_kind FROM statement_items WHERE id = ${body.parent_id}`,
  );
  if (!parent) throw invalid({ parent_id: ['قلم بالادست یافت نشد'] });
  if (parent.statement_kind !== body.statement_kind)
    throw invalid({
      parent_id: [`قلم بالادست باید از همان صورت باشد (${STATEMENT_KIND_LABELS_FA[body.statement_kind]})`],
    });
  if (self) {
    // Walk up from the chosen parent: meeting the item itself would make a cycle.
    const chain = await queryRows<{ code: string }>(
      db,
      sql`WITH RECURSIVE up(code, parent_code, depth) AS (
            SELECT code, parent_code, 0 FROM statement_items WHERE code = ${parent.code}
            UNION ALL SELECT s.code, s.parent_code, up.depth + 1 FROM statement_items s JOIN up ON s.code = up.parent_code
            WHERE up.depth < 50)
          SELECT code FROM up`,
    );
    if (chain.some((c) => c.code === self.code))
      throw invalid({ parent_id: ['قلم نمی‌تواند زیر خودش یا زیر اقلام زیرین خودش باشد'] });
  }
  return parent.code;
}

/** The API fields of an item (what audit rows hold). */
const auditFields = (r: StatementItemRow) => {
  const { id: _id, ...rest } = r;
  return rest;
};

export const chartRoutes = [
  /**
   * GET /api/performance/statement-items (`financial.statements`) — `StatementItemRow[]`: every
   * item of the chart in layout order (inactive and builtin ones included), with its parent's id
   * and Persian name, sign as '1' / '-1', unit million_irr or count.
   */
  defineRoute({
    method: 'get',
    path: '/api/performance/statement-items',
    permission: statementItemEntity.permissions.list,
    summary: 'The chart of line items of financial statements',
    tags: ['performance'],
    response: z.array(statementItemRow),
    handler: ({ db }) => listStatementItems(db),
  }),
  ...entityWriteRoutes(statementItemEntity, {
    paths: { list: '/api/performance/statement-items', item: '/api/performance/statement-items/:id{[0-9]+}' },
    tags: ['performance'],
    params: itemParams,
    body: statementItemInput,
    response: statementItemRow,
    onUnique: (body) => invalid({ code: [`قلمی با کد «${body.code}» پیش‌تر ثبت شده است`] }),
    /**
     * POST /api/performance/statement-items (`performance.manage`) — `statementItemInput` →
     * `StatementItemRow` (not builtin). 422 per field: code not Latin (ITEM_CODE) or another
     * item's; name missing or over 120 characters; unknown statement, sign or unit; a parent that
     * does not exist or belongs to another statement.
     */
    create: {
      summary: 'Add an item to the chart of line items',
      async handler({ db, body }) {
        const [taken] = await queryRows(db, sql`SELECT 1 FROM statement_items WHERE code = ${body.code}`);
        if (taken) throw invalid({ code: [`قلمی با کد «${body.code}» پیش‌تر ثبت شده است`] });
        const parent = await parentCode(db, body, null);
        const [row] = await queryRows<{ id: number }>(
          db,
          sql`INSERT INTO statement_items (code, name_fa, statement_kind, parent_code, sign, is_total, unit, position, builtin, active)
              VALUES (${body.code}, ${body.name_fa}, ${body.statement_kind}, ${parent}, ${Number(body.sign)}, ${body.is_total},
                      ${body.unit}, ${body.position}, false, ${body.active})
              RETURNING id`,
        );
        const result = await readItem(db, row!.id);
        return { id: row!.id, after: auditFields(result), result };
      },
    },
    /**
     * PUT /api/performance/statement-items/:id (`performance.manage`) — `statementItemInput` →
     * `StatementItemRow`; 404; 422 as create, and: the code changed (codes never change); a
     * builtin item's statement, parent, sign, unit or total flag changed (the ratios and checks
     * read them: only its name, order and active flag change); another statement for an item
     * with items under it; a parent that is the item or under it.
     */
    update: {
      summary: 'Change an item of the chart of line items',
      async handler({ db, params, body }) {
        const stored = await lockItem(db, params.id);
        const before = await readItem(db, params.id);
        if (body.code !== stored.code)
          throw invalid({
            code: ['کد قلم پس از ثبت تغییر نمی‌کند؛ صورت‌های مالی و فرمول‌ها با این کد به آن اشاره می‌کنند'],
          });
        const parent = await parentCode(db, body, stored);
        if (stored.builtin) {
          const fixed: string[] = [];
          if (body.statement_kind !== before.statement_kind) fixed.push('statement_kind');
          if (parent !== stored.parent_code) fixed.push('parent_id');
          if (body.sign !== before.sign) fixed.push('sign');
          if (body.unit !== before.unit) fixed.push('unit');
          if (body.is_total !== before.is_total) fixed.push('is_total');
          if (fixed.length > 0)
            throw invalid(
              Object.fromEntries(
                fixed.map((f) => [
                  f,
                  ['این قلم از اقلام پایه است؛ تنها نام، ترتیب و فعال بودن آن تغییر می‌کند'],
                ]),
              ),
            );
        }
        if (body.statement_kind !== stored.statement_kind) {
          const [child] = await queryRows(
            db,
            sql`SELECT 1 FROM statement_items WHERE parent_code = ${stored.code} LIMIT 1`,
          );
          if (child) throw invalid({ statement_kind: ['اقلامی زیر این قلم هستند؛ صورت آن تغییر نمی‌کند'] });
        }
        await db.execute(
          sql`UPDATE statement_items SET name_fa = ${body.name_fa}, statement_kind = ${body.statement_kind},
                parent_code = ${parent}, sign = ${Number(body.sign)}, is_total = ${body.is_total}, unit = ${body.unit},
                position = ${body.position}, active = ${body.active}
              WHERE id = ${params.id}`,
        );
        const result = await readItem(db, params.id);
        return { id: params.id, before: auditFields(before), after: auditFields(result), result };
      },
    },
    /**
     * DELETE /api/performance/statement-items/:id (`performance.manage`) → `{ deleted: true }`;
     * 404; 409 (Persian) for a builtin item, one with items under it, or one a statement holds
     * (deactivate it instead: it leaves the entry form and template, the figures stay).
     */
    remove: {
      summary: 'Delete an unused item of the chart of line items',
      response: deletedAnswer,
      async handler({ db, params }) {
        const stored = await lockItem(db, params.id);
        const before = await readItem(db, params.id);
        if (stored.builtin)
          throw conflict('این قلم از اقلام پایه است و حذف نمی‌شود؛ اگر به کار نمی‌آید غیرفعالش کنید');
        const [child] = await queryRows(
          db,
          sql`SELECT 1 FROM statement_items WHERE parent_code = ${stored.code} LIMIT 1`,
        );
        if (child) throw conflict('اقلامی زیر این قلم هستند؛ نخست آن‌ها را حذف کنید یا جابه‌جا کنید');
        const [used] = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM financial_statements WHERE items ? ${stored.code}`,
        );
        if ((used?.n ?? 0) > 0)
          throw conflict(
            `این قلم در ${toPersianDigits(used!.n)} صورت مالی مبلغ دارد و حذف نمی‌شود؛ به‌جای حذف غیرفعالش کنید`,
          );
        await db.execute(sql`DELETE FROM statement_items WHERE id = ${params.id}`);
        return { id: params.id, before: auditFields(before), result: { deleted: true as const } };
      },
    },
  }),
];
