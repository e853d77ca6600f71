import { type SQL, sql } from 'drizzle-orm';

/**
 * The label parts of a list of labelled records (the persons lists, the issues), for the entity
 * list engine (http/entity-list.ts). `type` (the entity_labels.entity_type: `legal_person`,
 * `true_person`, `issue`) and `id` (the row's id column, e.g. `lp.id`) are static SQL text of the
 * caller's, never user input.
 */

const r = (text: string) => sql.raw(text);

/** The row's labels as `LabelChip[]` (contract/labels.ts), by name: the select item `labels`. */
export const labelChipsSelect = (type: string, id: string): SQL =>
  r(`COALESCE((SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color) ORDER BY l.name)
    FROM entity_labels el JOIN labels l ON l.id = el.label_id
    WHERE el.entity_type = '${type}' AND el.entity_id = ${id}), '[]'::json) AS labels`);

/** The row's label ids (the `label` field's column). */
export const labelIdsColumn = (type: string, id: string): SQL =>
  r(
    `ARRAY(SELECT el.label_id FROM entity_labels el WHERE el.entity_type = '${type}' AND el.entity_id = ${id})`,
  );

/**
 * The `label` filter (eq or in label ids): rows carrying one of the labels, as a semi-join on
 * entity_labels' primary key (label_id, entity_type, entity_id).
 */
export const labelFilter =
  (type: string, id: string) =>
  (ids: SQL): SQL =>
    sql`${r(id)} IN (SELECT el.entity_id FROM entity_labels el WHERE el.entity_type = ${type} AND el.label_id = ANY(${ids}))`;
