/**
 * The label object types and their Persian names, without zod: the routes' URL schemas load
 * with the app's first screen (sign-in), which must stay small. contract/labels.ts re-exports them.
 */

/** The object types a label may apply to (the `type` of the history and view-entity calls). */
export const LABEL_OBJECT_TYPES = ['legal_person', 'true_person', 'issue'] as const;
export type LabelObjectType = (typeof LABEL_OBJECT_TYPES)[number];

/** Persian names of the object types. */
export const LABEL_OBJECT_TYPE_TITLES: Record<LabelObjectType, string> = {
  legal_person: 'اشخاص حقوقی',
  true_person: 'اشخاص حقیقی',
  issue: 'موضوعات',
};

/**
 * The fields every labelled entity's description carries (contract/entity.ts): `is_demo`, a
 * generated record (the demo badge), and the list filter `label` (eq or in label ids: rows carrying
 * one of them; the server's list reads it as a semi-join), offered at `order` in the filter bar
 * with the labels of `type`.
 */
export const labelledFields = <T extends LabelObjectType>(type: T, order: number) => ({
  is_demo: { type: 'bool' as const, label: 'نمونه' },
  label: {
    type: 'ref' as const,
    label: 'برچسب',
    notInRow: true as const,
    optionsFrom: `labels:${type}` as const,
    filter: ['eq', 'in'] as const,
    filterAs: { order },
  },
});
