import { sql } from 'drizzle-orm';
import type { StateClassCode } from '../../../contract/ownership.ts';
import type {
  CompanyPreview as CompanyPreviewAnswer,
  OtherDraft,
  PreviewController,
  PreviewSide,
  StructureDraftDetail,
  StructureDraftRow,
  StructureNode,
  StructureOperation,
  StructurePreview,
} from '../../../contract/structure.ts';
import { todayIso } from '../../../domain/jalali.ts';
import { holdingsOn } from '../../../domain/ownership/as-of.ts';
import type { ControlResult } from '../../../domain/ownership/control.ts';
import {
  applyStructureChange,
  type CompanySide,
  OPERATION_TITLES,
  operationNodes,
  previewStructureChange,
  type StructureChange,
} from '../../../domain/ownership/structure.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { conflict, invalid } from '../../http/errors.ts';
import { isoTimestamp, queryRows } from '../../http/list.ts';
import type { AuditEntry } from '../../http/route.ts';
import { refreshStateClasses } from './classes.ts';
import { buildTolerant, legalKey, ownershipOn, parseKey } from './store.ts';

/**
 * Drafts of a change of the corporate structure (contract/structure.ts; the rules in
 * domain/ownership/structure.ts): reading them with their preview and the other open drafts on
 * the same companies, and applying one.
 *
 * Preview: the operations applied (in memory) to the direct holdings of the store's snapshot
 * (store.ts), on the effective date (today when none); before and after are the holdings valid
 * that day, each built as the store builds (data errors set aside as unknown shares).
 *
 * Apply, in the caller's transaction: `shareholdings` is locked first in SHARE ROW EXCLUSIVE mode
 * (it conflicts with every INSERT, UPDATE and DELETE and with itself, not with reads), so a
 * concurrent writer of holdings or another application waits for this one, or this one for it,
 * and the holdings read next are the committed ones. Taking it before any row lock keeps the
 * order of locks the same as every other writer's (shareholdings, then `ownership_version` by
 * trigger, then company_state_class): no deadlock. Then the draft (FOR UPDATE), then the
 * operations are applied again to the holdings read inside the transaction. One that no longer applies is a 409 naming it, nothing written. The
 * ended rows get valid_to = effective_on − 1 (a row that started on effective_on is deleted:
 * superseded on its first day); new rows are direct holdings from effective_on with the share
 * count the company's total implies (when it has one) and the share class of the row they continue
 * ('common' for a new holder). One audit row per holding (entity `shareholding`, the fields the
 * persons' history reads) and one for the draft (entity `structure_draft`, action `apply`); then
 * the state classes are recomputed (classes.ts).
 */

type DraftRecord = {
  id: number;
  title: string;
  status: 'draft' | 'applied' | 'discarded';
  operations: StructureOperation[];
  company_ids: number[];
  effective_on: string | null;
  created_by: number | null;
  author_name: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  closed_by: number | null;
  closer_name: string | null;
  version: number;
};

export const DRAFT_NOT_FOUND = 'پیش‌نویس یافت نشد';
export const STALE_DRAFT =
  'این پیش‌نویس پس از آنکه آن را باز کردید تغییر کرده است (به دست همکاری دیگر یا در برگه‌ای دیگر)؛ تغییر شما ذخیره نشد. پیش‌نویس را دوباره بارگیری کنید.';
export const CLOSED_DRAFT = 'این پیش‌نویس پیش‌تر اعمال یا کنار گذاشته شده است و دیگر تغییر نمی‌کند.';

const DRAFT_COLUMNS = sql`d.id, d.title, d.status, d.operations, d.company_ids, d.effective_on::text AS effective_on,
  d.created_by, NULLIF(trim(coalesce(ua.first_name, '') || ' ' || coalesce(ua.last_name, '')), '') AS author_name,
  ${isoTimestamp(sql`d.created_at`)} AS created_at, ${isoTimestamp(sql`d.updated_at`)} AS updated_at,
  CASE WHEN d.closed_at IS NULL THEN NULL ELSE ${isoTimestamp(sql`d.closed_at`)} END AS closed_at,
  d.closed_by, NULLIF(trim(coalesce(uc.first_name, '') || ' ' || coalesce(uc.last_name, '')), '') AS closer_name,
  d.version`;
const DRAFT_FROM = sql`structure_drafts d
  LEFT JOIN users ua ON ua.id = d.created_by
  LEFT JOIN users uc ON uc.id = d.closed_by`;

/** The legal persons an operation list names (company_ids: what two drafts are compared by). */
export function companyIdsOf(operations: readonly StructureOperation[]): number[] {
  const ids = new Set<number>();
  for (const op of operations) for (const k of operationNodes(op)) if (k[0] === 'L') ids.add(parseKey(k).id);
  return [...ids].sort((a, b) => a - b);
}

/** Names of the persons `keys` name (live or deleted); a key naming no row is left out. */
export async function structureNodes(db: Db, keys: Iterable<string>): Promise<Map<string, StructureNode>> {
  const legal: number[] = [];
  const natural: number[] = [];
  for (const k of new Set(keys)) (k[0] === 'L' ? legal : natural).push(parseKey(k).id);
  const out = new Map<string, StructureNode>();
  if (legal.length)
    for (const r of await queryRows<{ id: number; name: string }>(
      db,
      sql`SELECT id, name FROM legal_persons WHERE id = ANY(${sql.param(legal)}::int[])`,
    ))
      out.set(`L${r.id}`, { key: `L${r.id}`, type: 'legal', id: r.id, name: r.name });
  if (natural.length)
    for (const r of await queryRows<{ id: number; name: string }>(
      db,
      sql`SELECT id, first_name || ' ' || last_name AS name FROM true_persons WHERE id = ANY(${sql.param(natural)}::int[])`,
    ))
      out.set(`T${r.id}`, { key: `T${r.id}`, type: 'true', id: r.id, name: r.name });
  return out;
}

const nodeOf = (names: Map<string, StructureNode>, key: string): StructureNode =>
  names.get(key) ?? { ...parseKey(key), key, name: key };

/** Field of each operation's node, for 422 messages under `operations.<i>.<field>`. */
function nodeFields(op: StructureOperation): [string, string][] {
  switch (op.kind) {
    case 'transfer':
      return [
        ['company', op.company],
        ['from', op.from],
        ['to', op.to],
      ];
    case 'merge':
      return [
        ['absorbed', op.absorbed],
        ['into', op.into],
      ];
    default:
      return [
        ['company', op.company],
        ['holder', op.holder],
      ];
  }
}

/** 422 when an operation names a person that does not exist (or is deleted). */
export async function checkOperationNodes(db: Db, operations: readonly StructureOperation[]) {
  const keys = new Set(operations.flatMap(operationNodes));
  const legal: number[] = [];
  const natural: number[] = [];
  for (const k of keys) (k[0] === 'L' ? legal : natural).push(parseKey(k).id);
  const live = new Set<string>();
  if (legal.length)
    for (const r of await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM legal_persons WHERE id = ANY(${sql.param(legal)}::int[]) AND deleted_at IS NULL`,
    ))
      live.add(`L${r.id}`);
  if (natural.length)
    for (const r of await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM true_persons WHERE id = ANY(${sql.param(natural)}::int[]) AND deleted_at IS NULL`,
    ))
      live.add(`T${r.id}`);
  const fields: Record<string, string[]> = {};
  operations.forEach((op, i) => {
    for (const [field, key] of nodeFields(op))
      if (!live.has(key))
        fields[`operations.${i}.${field}`] = [`شخص برگزیده در عملیات ${toPersianDigits(i + 1)} یافت نشد`];
  });
  const first = Object.values(fields)[0];
  if (first) throw invalid(fields, first[0]);
}

/** The draft `id`, locked FOR UPDATE when `lock` (inside a transaction); null when none. */
export async function readDraft(db: Db, id: number, lock = false): Promise<DraftRecord | null> {
  if (lock) await db.execute(sql`SELECT id FROM structure_drafts WHERE id = ${id} FOR UPDATE`);
  const [row] = await queryRows<DraftRecord>(
    db,
    sql`SELECT ${DRAFT_COLUMNS} FROM ${DRAFT_FROM} WHERE d.id = ${id}`,
  );
  return row ?? null;
}

/** The other open drafts that name any of each draft's legal persons, by draft id. */
async function othersOf(db: Db, drafts: readonly DraftRecord[]): Promise<Map<number, OtherDraft[]>> {
  const open = drafts.filter((d) => d.status === 'draft' && d.company_ids.length);
  const out = new Map<number, OtherDraft[]>();
  if (!open.length) return out;
  const rows = await queryRows<{
    draft_id: number;
    id: number;
    title: string;
    created_by: number | null;
    author_name: string | null;
    updated_at: string;
  }>(
    db,
    sql`SELECT d.id AS draft_id, o.id, o.title, o.created_by,
          NULLIF(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS author_name,
          ${isoTimestamp(sql`o.updated_at`)} AS updated_at
        FROM structure_drafts d
        JOIN structure_drafts o ON o.status = 'draft' AND o.id <> d.id AND o.company_ids && d.company_ids
        LEFT JOIN users u ON u.id = o.created_by
        WHERE d.id = ANY(${sql.param(open.map((d) => d.id))}::int[])
        ORDER BY o.updated_at DESC, o.id`,
  );
  for (const r of rows) {
    const list = out.get(r.draft_id) ?? [];
    list.push({
      id: r.id,
      title: r.title,
      author: r.created_by === null ? null : { id: r.created_by, name: r.author_name ?? '' },
      updated_at: r.updated_at,
    });
    out.set(r.draft_id, list);
  }
  return out;
}

function rowOf(
  d: DraftRecord,
  names: Map<string, StructureNode>,
  others: Map<number, OtherDraft[]>,
  userId: number | null,
): StructureDraftRow {
  return {
    id: d.id,
    title: d.title,
    status: d.status,
    effective_on: d.effective_on,
    author: d.created_by === null ? null : { id: d.created_by, name: d.author_name ?? '' },
    mine: userId !== null && d.created_by === userId,
    created_at: d.created_at,
    updated_at: d.updated_at,
    closed_at: d.closed_at,
    closed_by: d.closed_by === null ? null : { id: d.closed_by, name: d.closer_name ?? '' },
    version: d.version,
    operation_count: d.operations.length,
    companies: d.company_ids.map((id) => nodeOf(names, legalKey(id))),
    others: others.get(d.id) ?? [],
  };
}

/** The drafts, open ones first, then the latest changed; `status` and `mine` filter. */
export async function listDrafts(
  db: Db,
  { status, mine, userId }: { status: string; mine: boolean; userId: number | null },
): Promise<StructureDraftRow[]> {
  const where = [sql`TRUE`];
  if (status !== 'all') where.push(sql`d.status = ${status}`);
  if (mine) where.push(sql`d.created_by = ${userId ?? 0}`);
  const drafts = await queryRows<DraftRecord>(
    db,
    sql`SELECT ${DRAFT_COLUMNS} FROM ${DRAFT_FROM} WHERE ${sql.join(where, sql` AND `)}
        ORDER BY (d.status = 'draft') DESC, d.updated_at DESC, d.id DESC LIMIT 500`,
  );
  const names = await structureNodes(
    db,
    drafts.flatMap((d) => d.company_ids.map(legalKey)),
  );
  const others = await othersOf(db, drafts);
  return drafts.map((d) => rowOf(d, names, others, userId));
}

const CLASS_OF = (s: CompanySide): StateClassCode => s.class ?? 'unknown';

function controllerOf(names: Map<string, StructureNode>, r: ControlResult): PreviewController {
  if (r.kind === 'controller')
    return { kind: 'controller', holders: [{ holder: nodeOf(names, r.controller), share: r.share }] };
  const list = r.kind === 'tie' ? r.candidates : r.largest;
  return { kind: r.kind, holders: list.map((c) => ({ holder: nodeOf(names, c.holder), share: c.share })) };
}

const controllerKeys = (r: ControlResult) =>
  r.kind === 'controller'
    ? [r.controller]
    : (r.kind === 'tie' ? r.candidates : r.largest).map((c) => c.holder);

/**
 * The draft's operations applied to the holdings of `day` (the store's snapshot, or read afresh
 * inside a transaction), with the names the messages use.
 */
async function changeOf(db: Db, operations: readonly StructureOperation[], day: string) {
  const { snapshot } = await ownershipOn(db, day);
  const names = await structureNodes(db, operations.flatMap(operationNodes));
  const change = applyStructureChange(snapshot.direct, operations, day, (k) => nodeOf(names, k).name);
  return { snapshot, change, names };
}

/** The preview of a change (module comment), named. */
async function previewOf(
  db: Db,
  day: string,
  snapshot: Awaited<ReturnType<typeof ownershipOn>>['snapshot'],
  change: Extract<StructureChange, { ok: true }>,
): Promise<StructurePreview> {
  const companies = previewStructureChange(
    holdingsOn(snapshot.direct, day),
    holdingsOn(change.holdings, day),
    snapshot.stateIds,
    change.touched,
    { build: (h) => buildTolerant(h).graph },
  );
  const names = await structureNodes(
    db,
    companies.flatMap((c) => [
      c.company,
      ...c.holders.map((h) => h.holder),
      ...controllerKeys(c.before.controller),
      ...controllerKeys(c.after.controller),
    ]),
  );
  const side = (s: CompanySide): PreviewSide => ({
    state_share: s.class === 'state' ? null : s.share,
    state_class: CLASS_OF(s),
    controlled_by_state: s.controlled,
    controller: controllerOf(names, s.controller),
  });
  return {
    as_of: day,
    ended: change.ended.length,
    added: change.added.length,
    companies: companies.map(
      (c): CompanyPreviewAnswer => ({
        company: nodeOf(names, c.company),
        touched: c.touched,
        changed: c.changed,
        class_changed: c.classChanged,
        controller_changed: c.controllerChanged,
        share_change: c.shareChange,
        before: side(c.before),
        after: side(c.after),
        holders: c.holders.map((h) => ({
          holder: nodeOf(names, h.holder),
          before: h.before,
          after: h.after,
        })),
      }),
    ),
  };
}

/** The draft `id` in full: its row, operations, names, preview (open drafts) and errors; null when none. */
export async function draftDetail(
  db: Db,
  id: number,
  userId: number | null,
): Promise<StructureDraftDetail | null> {
  const d = await readDraft(db, id);
  if (!d) return null;
  const day = d.effective_on ?? todayIso();
  let preview: StructurePreview | null = null;
  let errors: StructureDraftDetail['errors'] = [];
  let names: Map<string, StructureNode>;
  if (d.status === 'draft' && d.operations.length) {
    const c = await changeOf(db, d.operations, day);
    names = c.names;
    if (c.change.ok) preview = await previewOf(db, day, c.snapshot, c.change);
    else errors = c.change.errors;
  } else names = await structureNodes(db, d.operations.flatMap(operationNodes));
  for (const id of d.company_ids)
    if (!names.has(legalKey(id))) names.set(legalKey(id), nodeOf(names, legalKey(id)));
  const others = await othersOf(db, [d]);
  return {
    ...rowOf(d, names, others, userId),
    operations: d.operations,
    nodes: [...new Set(d.operations.flatMap(operationNodes))].map((k) => nodeOf(names, k)),
    preview,
    errors,
  };
}

/** The title of operation `index` in a message: «عملیات ۲ (انتقال سهم)». */
export const operationLabel = (ops: readonly StructureOperation[], index: number) =>
  `عملیات ${toPersianDigits(index + 1)} (${OPERATION_TITLES[ops[index]!.kind]})`;

type StoredRow = {
  id: number;
  company_id: number;
  holder_type: 'legal' | 'true';
  holder_legal_id: number | null;
  holder_true_id: number | null;
  percentage: string | null;
  share_count: string | null;
  share_class: string;
  valid_from: string | null;
  valid_to: string | null;
  directness: string;
};

/** A shareholding as its audit rows carry it (the API's field names, as the persons' history reads them). */
const auditedRow = (r: StoredRow, draftId: number) => ({ ...r, structure_draft_id: draftId });

/**
 * Applies the open draft `d` (locked by the caller) inside `tx` (module comment); answers what
 * was written. 409 when an operation no longer applies, naming it.
 */
export async function applyDraft(
  tx: Db,
  d: DraftRecord,
  userId: number | null,
  audit: (tx: Db, entry: AuditEntry) => Promise<void>,
) {
  if (!d.operations.length) throw conflict('این پیش‌نویس هنوز عملیاتی ندارد؛ نخست عملیاتی بیفزایید.');
  const day = d.effective_on ?? todayIso();
  const { snapshot, change } = await changeOf(tx, d.operations, day);
  if (!change.ok) {
    const text = change.errors
      .map((e) => `${operationLabel(d.operations, e.index)}: ${e.message}`)
      .join('؛ ');
    throw conflict(
      `این پیش‌نویس بر سهامداری‌های کنونی اعمال‌شدنی نیست (سهامداری‌ها از زمان نوشتن آن تغییر کرده‌اند). ${text}`,
    );
  }
  const endedIds = change.ended.map((i) => snapshot.direct[i]!.id);
  const supersededIds = new Set(change.superseded.map((i) => snapshot.direct[i]!.id));
  const stored = endedIds.length
    ? await queryRows<StoredRow>(
        tx,
        sql`SELECT id, company_id, holder_type, holder_legal_id, holder_true_id, percentage::text AS percentage,
              share_count::text AS share_count, share_class, valid_from::text AS valid_from, valid_to::text AS valid_to, directness
            FROM shareholdings WHERE id = ANY(${sql.param(endedIds)}::int[]) ORDER BY id FOR UPDATE`,
      )
    : [];
  const byId = new Map(stored.map((r) => [r.id, r]));
  for (const id of endedIds) {
    const before = byId.get(id)!;
    if (supersededIds.has(id)) {
      await tx.execute(sql`DELETE FROM shareholdings WHERE id = ${id}`);
      await audit(tx, {
        action: 'delete',
        entity: 'shareholding',
        entityId: id,
        before: auditedRow(before, d.id),
      });
    } else {
      await tx.execute(sql`UPDATE shareholdings SET valid_to = ${change.endOn}::date WHERE id = ${id}`);
      await audit(tx, {
        action: 'update',
        entity: 'shareholding',
        entityId: id,
        before: auditedRow(before, d.id),
        after: auditedRow({ ...before, valid_to: change.endOn }, d.id),
      });
    }
  }
  const companyIds = [...new Set(change.added.map((a) => parseKey(a.company).id))];
  const totals = new Map(
    (companyIds.length
      ? await queryRows<{ id: number; share_count: string | null }>(
          tx,
          sql`SELECT id, share_count::text AS share_count FROM legal_persons WHERE id = ANY(${sql.param(companyIds)}::int[])`,
        )
      : []
    ).map((r) => [r.id, r.share_count]),
  );
  const addedIds: number[] = [];
  for (const a of change.added) {
    const company = parseKey(a.company).id;
    const holder = parseKey(a.holder);
    const continued = a.continues.map((i) => byId.get(snapshot.direct[i]!.id)).find(Boolean);
    const total = totals.get(company);
    const count = a.share !== null && total ? BigInt(Math.round(Number(total) * a.share)).toString() : null;
    const [row] = await queryRows<StoredRow>(
      tx,
      sql`INSERT INTO shareholdings (company_id, holder_type, holder_legal_id, holder_true_id, percentage, share_count,
            share_class, valid_from, valid_to, directness)
          VALUES (${company}, ${holder.type}, ${holder.type === 'legal' ? holder.id : null}, ${holder.type === 'true' ? holder.id : null},
            ${a.share === null ? null : a.share.toFixed(6)}::numeric, ${count}::numeric, ${continued?.share_class ?? 'common'},
            ${a.validFrom}::date, NULL, 'direct')
          RETURNING id, company_id, holder_type, holder_legal_id, holder_true_id, percentage::text AS percentage,
            share_count::text AS share_count, share_class, valid_from::text AS valid_from, valid_to::text AS valid_to, directness`,
    );
    addedIds.push(row!.id);
    await audit(tx, {
      action: 'create',
      entity: 'shareholding',
      entityId: row!.id,
      after: auditedRow(row!, d.id),
    });
  }
  await tx.execute(
    sql`UPDATE structure_drafts SET status = 'applied', closed_at = now(), closed_by = ${userId}, updated_at = now(),
          version = version + 1, effective_on = ${day}::date
        WHERE id = ${d.id}`,
  );
  await audit(tx, {
    action: 'apply',
    entity: 'structure_draft',
    entityId: d.id,
    before: { status: d.status, version: d.version },
    after: {
      status: 'applied',
      version: d.version + 1,
      effective_on: day,
      ended_shareholdings: endedIds,
      created_shareholdings: addedIds,
    },
  });
  const reclassified = await refreshStateClasses(tx);
  return { ended: endedIds.length, added: addedIds.length, reclassified };
}
