/**
 * The label object types and their Persian names, without zod: the routes' URL schemas load
 * with the app's first screen (sign-in), which must stay small. contract/labels.ts re-exports them.
 */

/** The object types a label may apply to (the `type` of the history and view-entity calls). */
export const LABEL_OBJECT_TYPES = ['legal_person', 'true_person'] as const;
export type LabelObjectType = (typeof LABEL_OBJECT_TYPES)[number];

/** Persian names of the object types. */
export const LABEL_OBJECT_TYPE_TITLES: Record<LabelObjectType, string> = {
  legal_person: 'اشخاص حقوقی',
  true_person: 'اشخاص حقیقی',
};
