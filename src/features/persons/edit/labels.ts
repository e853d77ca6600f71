import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { legalPersonEntity } from '~/contract/legal-person.ts';
import { EDUCATION_LEVEL_LABELS } from '~/contract/resume.ts';
import { EDUCATION_VALUES, truePersonEntity } from '~/contract/true-person.ts';

/**
 * The Persian names of a person's fields, as the form labels them (the description's labels); the
 * history tab names changed fields with them (a picked id by its picker's label).
 */
export const formLabels = <F extends Record<string, EntityField>>(
  entity: EntityDescription<F>,
): Record<string, string> =>
  Object.fromEntries(
    Object.entries(entity.fields)
      .filter(([, f]) => f.form)
      .map(([name, f]) => [name, f.label]),
  );

export const LEGAL_FIELD_LABELS = formLabels(legalPersonEntity);
export const TRUE_FIELD_LABELS = formLabels(truePersonEntity);

/**
 * Education levels as shown: the registry stores the Persian word itself (EDUCATION_VALUES);
 * the resume's codes (bachelor …) are read too.
 */
export const EDUCATION_LABELS: Record<string, string> = {
  ...EDUCATION_LEVEL_LABELS,
  ...Object.fromEntries(EDUCATION_VALUES.map((v) => [v, v])),
};

/** The form's value of a stored education level (the Persian word), or ''. */
export function educationCode(stored: string | null): string {
  if (!stored) return '';
  const word = EDUCATION_LABELS[stored] ?? stored;
  return (EDUCATION_VALUES as readonly string[]).includes(word) ? word : '';
}

/** An education level in Persian, stored as a code or as the word. */
export const educationText = (stored: string | null) =>
  stored ? (EDUCATION_LABELS[stored] ?? stored) : null;
