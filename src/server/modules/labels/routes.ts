import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { listPageOf } from '../../../contract/api-envelope.ts';
import { labelEntity } from '../../../contract/label-entity.ts';
import {
  type Label,
  label,
  labelDeleted,
  labelIdParams,
  labelInput,
  labelItemsQuery,
} from '../../../contract/labels.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import type { Db } from '../../db/client.ts';
import { checkNameFree } from '../../db/pg-errors.ts';
import { labels } from '../../db/schema/index.ts';
import { entityListSpec } from '../../http/entity-list.ts';
import { entityWriteRoutes } from '../../http/entity-writes.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { isoTimestamp, listPage, queryRows } from '../../http/list.ts';
import { defineRoute } from '../../http/route.ts';

/**
 * Labels (contract/labels.ts): the managed list at /label-list (permission `labels`) and the
 * items every screen with chips or a label picker reads (any signed-in role). Each change is a
 * `defineMutation`: one transaction with one audit row (entity `label`, before/after under the
 * API's names).
 */

const NOT_FOUND = 'برچسب یافت نشد';
const DUPLICATE = (name: string) => `برچسبی با نام «${name}» پیش‌تر ثبت شده است`;

const r = (text: string) => sql.raw(text);

/** GET /api/labels: one row per label (`Label`), where each field of the description lives. */
const labelList = entityListSpec(labelEntity, {
  from: r('labels l'),
  columns: {
    id: r('l.id'),
    name: r('l.name'),
    color: r('l.color'),
    object_types: r('l.object_types'),
    uses: r('(SELECT count(*)::int FROM entity_labels el WHERE el.label_id = l.id)'),
    created_at: r('l.created_at'),
    updated_at: r('l.updated_at'),
  },
  // Names are stored normalised (persianText); this is searchKey of the name in SQL.
  search: r(`lower(replace(replace(l.name, chr(8204), ''), ' ', ''))`),
});

/** One label as the API answers it; 404 «برچسب یافت نشد» when it is gone (deleted meanwhile). */
async function readLabel(db: Db, id: number): Promise<Label> {
  const [row] = await queryRows<Label>(db, sql`SELECT ${labelList.select} FROM labels l WHERE l.id = ${id}`);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The label `id` locked for the change; 404 «برچسب یافت نشد» when there is none. */
async function lockLabel(db: Db, id: number) {
  const [row] = await db.select().from(labels).where(eq(labels.id, id)).for('update');
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The body's values under the table's column names. */
const columnsOf = (body: z.output<typeof labelInput>) => ({
  name: body.name,
  color: body.color,
  objectTypes: body.object_types,
});

/** The API fields of a label row (what audit rows hold). */
const auditFields = (row: typeof labels.$inferSelect) => ({
  name: row.name,
  color: row.color,
  object_types: row.objectTypes,
});

export const labelRoutes = [
  /**
   * GET /api/labels (`labels`) — `ListPage<Label>` (with `uses`, the records carrying each). sortBy
   * name (default) | created_at; filter `object_type` (eq/in: labels applying to it); q on the name.
   */
  defineRoute({
    method: 'get',
    path: '/api/labels',
    permission: labelEntity.permissions.list,
    summary: 'Labels: paged, sorted, filtered list',
    tags: ['labels'],
    query: listQuerySchema,
    response: listPageOf(label),
    handler: ({ db, query }) => listPage(db, labelList, query),
  }),
  /**
   * GET /api/labels/items (any role) — `Label[]` by name, for pickers and chips;
   * `object_type=legal_person|true_person` keeps those that apply to it (422 on another value).
   */
  defineRoute({
    method: 'get',
    path: '/api/labels/items',
    permission: 'role',
    summary: 'All labels for pickers, optionally those applying to one object type',
    tags: ['labels'],
    query: labelItemsQuery,
    response: z.array(label),
    async handler({ db, query }): Promise<Label[]> {
      const type = query.object_type ?? null;
      return queryRows<Label>(
        db,
        sql`SELECT l.id, l.name, l.color, l.object_types, 0 AS uses,
              ${isoTimestamp(r('l.created_at'))} AS created_at, ${isoTimestamp(r('l.updated_at'))} AS updated_at
            FROM labels l
            WHERE ${type}::text IS NULL OR ${type}::text = ANY(l.object_types)
            ORDER BY l.name, l.id`,
      );
    },
  }),
  ...entityWriteRoutes(labelEntity, {
    paths: { list: '/api/labels', item: '/api/labels/:id{[0-9]+}' },
    tags: ['labels'],
    params: labelIdParams,
    body: labelInput,
    response: label,
    onUnique: (body) => invalid({ name: [DUPLICATE(body.name)] }),
    /**
     * POST /api/labels (`labels`) — `labelInput` → `Label`. 422 per field: name missing, longer
     * than 40 or another label's (case-insensitive); colour not `#rrggbb`; no object type.
     */
    create: {
      summary: 'Create a label',
      async handler({ db, deps, body }) {
        const now = deps.now();
        await checkNameFree(db, labels, body.name, null, DUPLICATE(body.name));
        const [row] = await db
          .insert(labels)
          .values({ ...columnsOf(body), createdAt: now, updatedAt: now })
          .returning();
        return { id: row!.id, after: auditFields(row!), result: await readLabel(db, row!.id) };
      },
    },
    /**
     * PUT /api/labels/:id (`labels`) — `labelInput` → `Label`. 404 «برچسب یافت نشد»; 422 as
     * create. Narrowing `object_types` keeps the label on records already carrying it.
     */
    update: {
      summary: 'Change a label',
      async handler({ db, deps, params, body }) {
        const before = await lockLabel(db, params.id);
        await checkNameFree(db, labels, body.name, params.id, DUPLICATE(body.name));
        const [row] = await db
          .update(labels)
          .set({ ...columnsOf(body), updatedAt: deps.now() })
          .where(eq(labels.id, params.id))
          .returning();
        const after = auditFields(row!);
        return { id: params.id, before: auditFields(before), after, result: await readLabel(db, params.id) };
      },
    },
    /**
     * DELETE /api/labels/:id (`labels`) — `{ deleted: true, unlinked }`: the label and its links
     * to records (`unlinked` how many). 404 «برچسب یافت نشد».
     */
    remove: {
      summary: 'Delete a label and its links to records',
      response: labelDeleted,
      async handler({ db, params }) {
        const before = await lockLabel(db, params.id);
        const [linked] = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM entity_labels WHERE label_id = ${params.id}`,
        );
        await db.delete(labels).where(eq(labels.id, params.id));
        const unlinked = Number(linked?.n ?? 0);
        return {
          id: params.id,
          before: { ...auditFields(before), records: unlinked },
          result: { deleted: true as const, unlinked },
        };
      },
    },
  }),
];
